/**
 * The queue page's dialogs, one open at a time: the keys sheet, Archive all (E14), the health
 * line's band, and a new stack from the picked cards. When the band dialog closes, focus goes
 * back to the ⋯ button that opened it.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueueCard } from '../../../../domain/queue';
import type { QueueFilters } from '../../http/decisions';
import { KeyHelp } from '../../keyboard/key-help';
import { HealthBandDialog } from '../health/health-band-dialog';
import { GroupStackDialog } from '../stacks/group-stack-dialog';
import { ArchiveAllDialog } from './archive-all-dialog';
import { filterInWords } from './filter-in-words';
import type { QueueDialog } from './queue-view';

export function QueueDialogs({
  dialog,
  total,
  filters,
  loaded,
  first,
  picked,
  onArchiveAll,
  onBandSaved,
  onGroup,
  onClose,
}: {
  dialog: QueueDialog | null;
  /** How many decisions the view holds: what Archive all would archive. */
  total: number;
  filters: QueueFilters;
  /** Whether the view has been read: Archive all says its count only then. */
  loaded: boolean;
  /** The view's first card: Archive all names the filter's agent and task by it. */
  first: QueueCard | undefined;
  /** The picked cards, in the order shown. */
  picked: string[];
  onArchiveAll: (since: string) => void;
  onBandSaved: () => void;
  /** Resolves to a refusal's words, or null once the stack's page opens. */
  onGroup: (title: string) => Promise<string | null>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // While the band dialog is open and modal, the rest of the page cannot take focus: it goes
  // back once the dialog has left the page.
  const adjustingBand = dialog === 'band';
  const bandWasOpen = useRef(false);
  useEffect(() => {
    if (adjustingBand) {
      bandWasOpen.current = true;
      return;
    }
    if (!bandWasOpen.current) return;
    bandWasOpen.current = false;
    document.querySelector<HTMLElement>('.health-menu > button')?.focus();
  }, [adjustingBand]);

  if (dialog === 'help') return <KeyHelp onClose={onClose} />;
  if (dialog === 'archive-all' && loaded)
    return <ArchiveAllDialog count={total} filter={filterInWords(t, filters, first)} onConfirm={onArchiveAll} onClose={onClose} />;
  if (adjustingBand) return <HealthBandDialog onSaved={onBandSaved} onClose={onClose} />;
  if (dialog === 'group') return <GroupStackDialog count={picked.length} onCreate={onGroup} onClose={onClose} />;
  return null;
}
