/**
 * Archive all's confirmation (§6.11, FR-44, FR-45): it names the exact count and the filter,
 * and above 200 says only the oldest 200 go this time. Esc closes it and focus goes back. It
 * remembers when it opened, so a decision answered meanwhile is reported as skipped (E14).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ARCHIVE_ALL_MAX } from '../../../../domain/limits';
import { DialogFooter } from '../../shared/dialog-footer';
import { ModalDialog } from '../../shared/modal-dialog';

export function ArchiveAllDialog({
  count,
  filter,
  onConfirm,
  onClose,
}: {
  count: number;
  /** The current filter in words, or null when the whole queue is meant. */
  filter: string | null;
  /** `since`: when the dialog showed the count; what was answered after it is reported as skipped (FR-47, E14). */
  onConfirm: (since: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const capped = count > ARCHIVE_ALL_MAX;
  const archiving = Math.min(count, ARCHIVE_ALL_MAX);
  const [shownAt] = useState(() => new Date().toISOString());
  return (
    <ModalDialog onClose={onClose} labelledBy="archive-all-title" className="archive-all" testId="archive-all-dialog">
      <h2 id="archive-all-title">
        {capped ? t('archiveAll.titleCapped', { cap: ARCHIVE_ALL_MAX, count }) : t('archiveAll.title', { count })}
      </h2>
      <p>{t('archiveAll.body')}</p>
      {capped && <p>{t('archiveAll.overCap', { cap: ARCHIVE_ALL_MAX })}</p>}
      {filter && <p>{t('archiveAll.filteredBy', { filter })}</p>}
      <DialogFooter label={t('archiveAll.confirm', { count: archiving })} onCancel={onClose} onAct={() => onConfirm(shownAt)} />
    </ModalDialog>
  );
}
