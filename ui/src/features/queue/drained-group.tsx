/** A group the person has cleared, kept in its place as a quiet line (issue 39 item 1; queue/group-order.ts). */
import { useTranslation } from 'react-i18next';

export function DrainedGroup() {
  const { t } = useTranslation();
  return (
    <p className="help drained" data-testid="drained">
      {t('queue.drained')}
    </p>
  );
}
