/**
 * The undo window (FR-37) as a resolved decision's workflow keeps it: a durable timer that
 * lasts until the newest answer's window closes, during which an undo may reopen it.
 */
import { condition, sleep } from '@temporalio/workflow';
import type { DecisionSnapshot } from '../domain/decision';
import { undoDeadline } from '../domain/undo';

/** Waits out the window; returns whether an undo reopened the decision meanwhile. */
export async function reopenedWithinUndoWindow(decision: { readonly state: DecisionSnapshot; readonly idle: boolean }): Promise<boolean> {
  for (;;) {
    const state = decision.state;
    const deadlines = state.asks.flatMap((ask) => (ask.answer ? [undoDeadline(ask.answer, state.undoWindowMs)] : []));
    const remaining = Math.max(0, ...deadlines) - Date.now();
    if (remaining <= 0) break;
    // A plain timer and condition, not `condition(fn, timeout)`: its cancellation scope would
    // double the promises of every answer's workflow task (the SDK traces each one's stack).
    // An undo leaves this timer to fire unheeded: `closed` belongs to this window alone.
    let closed = false;
    void sleep(remaining).then(
      () => (closed = true),
      () => undefined,
    );
    await condition(() => closed || decision.state.status !== 'resolved');
    if (decision.state.status !== 'resolved') break;
  }
  await condition(() => decision.idle);
  return decision.state.status === 'open';
}
