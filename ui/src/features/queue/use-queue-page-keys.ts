/**
 * The §6.17 keys on the queue page, bound to where the person stands: the walk's moves, the
 * page's dialogs, and the detail pane's commands for the decision on screen. A permission
 * card's keys are y and n only, so the card on screen decides which map applies.
 */
import { useTranslation } from 'react-i18next';
import type { DecisionView } from '../../../../domain/decision-view-schema';
import { isPermissionCard } from '../../shared/host-prompt';
import { queueKeyHandlers } from './queue-key-handlers';
import { useQueueKeys } from './use-queue-keys';

export function useQueuePageKeys(
  page: Parameters<typeof queueKeyHandlers>[1],
  card: Pick<DecisionView, 'source'> | null | undefined,
  say: (words: string) => void,
) {
  const { t } = useTranslation();
  useQueueKeys(queueKeyHandlers(t, page), isPermissionCard(card) ? 'permission' : 'other', say);
}
