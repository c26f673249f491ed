/**
 * The decision workflow's messages, with stable wire names. Shared by the workflow and its
 * callers (the API), so both sides agree on names and types.
 */
import { defineQuery, defineUpdate } from '@temporalio/workflow';
import type { DecisionSnapshot } from '../domain/decision';
import type { AnswerCommand } from '../domain/decision-state';

/** Sent with update-with-start: returns once the new decision's row is in Postgres. */
export const fileDecisionUpdate = defineUpdate<DecisionSnapshot, []>('fileDecision');
/** Records one answer; rejected before it reaches history unless it is the first and fits. */
export const answerAskUpdate = defineUpdate<DecisionSnapshot, [AnswerCommand]>('answerAsk');
export const decisionQuery = defineQuery<DecisionSnapshot>('decision');

export const DECISION_WORKFLOW = 'decisionWorkflow';

export function decisionWorkflowId(id: string): string {
  return `decision/${id}`;
}
