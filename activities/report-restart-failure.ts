/**
 * AW-03 §10 (observability): a restart failure raises an error report naming the decision and
 * the run, and carrying no prompt content. The report is one error-level line in the worker's
 * structured log, the line an operator's alerting picks up. It holds identifiers and a reason
 * code only: never the question, the context, an option, an answer or a reason, nor a failure's
 * own text, which could quote any of them (the activity's attempts log their errors already).
 */
import type { DecisionSnapshot } from '../domain/decision';
import type { DecisionEvent } from '../domain/decision-state';
import type { Logger } from '../runtime/logger';

/** Why the restart failed: no host runs the session (E5), or delivering failed after its retries (FR-34). */
export type RestartFailureReason = 'session_stopped' | 'delivery_error';

export const RESTART_FAILED_REPORT = 'The agent could not be restarted after its decision was answered';

/** Reports each failed delivery among a mirror write's events; called once, by the write that applied. */
export function reportRestartFailures(logger: Logger | undefined, decision: DecisionSnapshot, events: readonly DecisionEvent[]): void {
  if (!logger) return;
  for (const event of events) {
    if (event.kind !== 'delivered' || event.detail?.outcome !== 'failed') continue;
    const { from, reason } = event.detail;
    logger.error(
      {
        report: 'restart_failed',
        decisionId: decision.id,
        runId: typeof from === 'string' ? from : decision.links.runId,
        sessionId: decision.links.sessionId,
        workspaceId: decision.workspaceId,
        reason: reason === 'session_stopped' ? 'session_stopped' : 'delivery_error',
      },
      RESTART_FAILED_REPORT,
    );
  }
}
