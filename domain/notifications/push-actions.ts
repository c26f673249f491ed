/**
 * Which answers a push offers as its notification's buttons (issue 40 items 2, 5): a browser
 * shows two at most, so only a decision with one ask left to answer gets them — an approval's
 * Approve and Reject, or a two-option choice's options when its person opted into titles (an
 * option's label says what the decision is about; Approve and Reject say nothing). Each becomes
 * an answer-in-place link: a press opens its confirmation page, which answers only when pressed
 * there (a rejection asks its reason there).
 */
import type { DecisionView } from '../decision-view-schema';

export type PushActionPlan = { action: string; title: string; ask: number } & (
  { option: number; value?: undefined } | { value: { kind: 'approval'; decision: 'approve' | 'reject' }; option?: undefined }
);

/** Browsers show at most this many actions on a notification (Chromium's `Notification.maxActions`). */
export const PUSH_MAX_ACTIONS = 2;

export function pushActionPlan(decision: DecisionView, showTitles: boolean): PushActionPlan[] {
  if (decision.status !== 'open') return [];
  const open = decision.asks.filter((ask) => ask.status === 'open');
  if (open.length !== 1) return [];
  const ask = open[0]!;
  if (ask.kind === 'approval') {
    return [
      { action: 'approve', title: 'Approve', ask: ask.position, value: { kind: 'approval', decision: 'approve' } },
      { action: 'reject', title: 'Reject', ask: ask.position, value: { kind: 'approval', decision: 'reject' } },
    ];
  }
  if (ask.kind === 'decision' && !ask.multiple && ask.options.length <= PUSH_MAX_ACTIONS && showTitles) {
    return ask.options.map((option, index) => ({
      action: `option-${index + 1}`,
      title: option.label,
      ask: ask.position,
      option: index + 1,
    }));
  }
  return [];
}
