import { useTranslation } from 'react-i18next';
import { ago, moment } from './time';
import { useTimeZone } from './time-zone-provider';

/** How long ago, as a `<time>`: its words are relative ("3 minutes ago"), its value and title exact. */
export function Ago({ at }: { at: string }) {
  const { t, i18n } = useTranslation();
  const exact = moment(at, i18n.language, useTimeZone());
  return (
    <time dateTime={at} title={exact}>
      {ago(t, at)}
    </time>
  );
}
