/** `cast stack show ds-7`: the checklist — each member in order with its state and question, and the policy. */
import type { Command } from 'commander';
import type { DecisionView } from '../../../domain/decision';
import type { StackView } from '../../../domain/stack';
import type { Client } from '../../http';
import { emit } from '../../output';
import { connect } from '../decide/target';
import { checklistJson, checklistLines } from './present';
import { checkStackId, onStack } from './stack-input';

export type Checklist = { stack: StackView; decisions: DecisionView[] };

export function getChecklist(api: Client, id: string): Promise<Checklist> {
  return onStack(id, () => api.request<Checklist>('GET', `/api/v1/stacks/${id}`));
}

export function registerStackShow(stack: Command): void {
  stack
    .command('show')
    .description('print the checklist: each member in order with its state, the policy, due and overdue')
    .argument('<stack>', 'the stack, e.g. ds-7')
    .option('--json', 'print one JSON object')
    .action(async (given: string, opts: { json?: boolean }) => {
      const id = checkStackId(given);
      const { stack: view, decisions } = await getChecklist(connect(), id);
      emit(Boolean(opts.json), checklistLines(view, decisions, new Date()), checklistJson(view, decisions));
    });
}
