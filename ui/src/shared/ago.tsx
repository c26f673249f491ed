import { useTranslation } from 'react-i18next';
import { ago, moment } from './time';

/** How long ago, as a `<time>`: its words are relative ("3 minutes ago"), its value and title exact. */
export function Ago({ at }: { at: string }) {
  const { t, i18n } = useTranslation();
  const exact = moment(at, i18n.language);
  return (
    <time dateTime={at} title={exact}>
      {ago(t, at)}
    </time>
  );
}
