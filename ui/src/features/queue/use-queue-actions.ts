/**
 * What the queue page does besides answering (the detail pane does that): archive a card,
 * archive all in view, restore, group picked cards into a stack, hide the health line, sign
 * out. Each says its outcome in the live region, and a refusal in the catalogue's words; an
 * archive's toast offers Undo, which restores it.
 */
import { useTranslation } from 'react-i18next';
import type { QueueFilters } from '../../http/decisions';
import { problemMessage } from '../../http/problem-message';
import { useAction } from '../../shared/use-action';
import { useArchive, useArchiveAll, useGroupIntoStack, useHideHealthLine, useRestore } from './queue-queries';
import { useSignOut } from '../../shared/session';
import { turnOff } from '../notifications/push-client';
import { navigate } from '../../routing/navigate';

/** `archived` says an archive happened with the toast's Undo (issue 38 item 6). */
export function useQueueActions(say: (message: string) => void, archived: (id: string) => void) {
  const { t } = useTranslation();
  const act = useAction(say);
  const restoring = useRestore();
  const archiving = useArchive();
  const archivingAll = useArchiveAll();
  const grouping = useGroupIntoStack();
  const hiding = useHideHealthLine();
  const signingOut = useSignOut();

  return {
    /** FR-43: Archive from the list; resolves true once it is archived. */
    archive: (id: string) =>
      act(async () => {
        await archiving.mutateAsync(id);
        archived(id);
      }),
    /** E14: "Archived 33. 1 was already answered." — counting what was answered since the dialog opened. */
    archiveAll: (filters: QueueFilters, since: string) =>
      act(async () => {
        const result = await archivingAll.mutateAsync({ ...filters, since });
        const archived = t('archiveAll.result', { count: result.archived });
        say(result.alreadyAnswered > 0 ? `${archived} ${t('archiveAll.skipped', { count: result.alreadyAnswered })}` : archived);
      }),
    restore: (id: string) =>
      act(async () => {
        await restoring.mutateAsync(id);
        say(t('queue.restored'));
      }),
    /** "Hide for 30 days" on the health line. */
    hideHealth: () =>
      act(async () => {
        await hiding.mutateAsync();
        say(t('health.hidden'));
      }),
    // This browser stops getting the person's pushes first, while the session still proves who they are.
    signOut: () =>
      act(async () => {
        await turnOff().catch(() => undefined);
        return signingOut.mutateAsync();
      }),
    /** The new stack with the picked cards, then its page; a refusal comes back in the catalogue's words for its code. */
    async groupIntoStack(title: string, decisions: string[]): Promise<string | null> {
      try {
        const stack = await grouping.mutateAsync({ title, decisions });
        navigate(`/decisions/stacks/${stack.id}`);
        return null;
      } catch (error) {
        // E.g. already_in_stack: a card joined a stack meanwhile; the refreshed list shows where.
        return problemMessage(error);
      }
    },
  };
}
