/** Why `u` cannot undo here, in the ask menu's own words (§6.18 E6, E7). */
import type { TFunction } from 'i18next';
import type { DecisionRead } from '../../http/decisions';
import { undoBlockedText } from './asks/ask-menu';

export function whyNoUndo(t: TFunction, data: DecisionRead, agent: string): string {
  const latest = data.decision.asks
    .filter((ask) => ask.answer)
    .sort((a, b) => Date.parse(b.answer!.answeredAt) - Date.parse(a.answer!.answeredAt))[0];
  const state = latest ? data.detail.undo[latest.position] : undefined;
  if (!latest || !state || state.available) return t('undo.nothingToUndo');
  const status = data.decision.status;
  return undoBlockedText(t, state, agent, status === 'archived' || status === 'withdrawn' ? status : null) ?? t('undo.nothingToUndo');
}
