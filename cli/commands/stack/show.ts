/** `cast stack show ds-7`: the checklist — each member in order with its state and question, and the policy. */
import type { Command } from 'commander';
import type { RouteResponse } from '../../../domain/routes/route';
import { getStack } from '../../../domain/routes/stacks';
import type { Client } from '../../http';
import { emit } from '../../output';
import { connect } from '../decide/target';
import { checklistJson, checklistLines } from './present';
import { checkStackId, onStack } from './stack-input';

export type Checklist = RouteResponse<typeof getStack>['body'];

export function getChecklist(api: Client, id: string): Promise<Checklist> {
  return onStack(id, () => api.request(getStack, { params: { id } }));
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
