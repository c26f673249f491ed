/** What `cast stack reorder` does: sends the new order; an invalid_order refusal is spelled out with the members now. */
import { stackRoutes } from '../../../domain/routes/stacks';
import type { StackView } from '../../../domain/stack';
import { ApiError } from '../../api-error';
import type { Client } from '../../http';
import { CliError, emit } from '../../output';
import { connect } from '../decide/target';
import { getChecklist } from './get-checklist';
import { headline, stackJson } from './present';
import { checkStackId, decisionList, onStack } from './stack-input';

const listOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/** The server's invalid_order, spelled out with the stack's current members. */
async function invalidOrder(api: Client, id: string, error: ApiError): Promise<CliError> {
  const [missing, extra, repeated] = [listOf(error.problem.missing), listOf(error.problem.extra), listOf(error.problem.repeated)];
  const members = await getChecklist(api, id).then(
    ({ stack }) => stack.members.map((member) => member.decisionId),
    () => null,
  );
  const lines = [
    `${id}: a reorder names every member exactly once.`,
    ...(missing.length ? [`  missing: ${missing.join(', ')}`] : []),
    ...(extra.length ? [`  not in ${id}: ${extra.join(', ')}`] : []),
    ...(repeated.length ? [`  listed twice: ${repeated.join(', ')}`] : []),
    ...(missing.length + extra.length + repeated.length === 0 ? [`  ${error.problem.detail}`] : []),
    ...(members ? [`  members now: ${members.join(',')}`] : []),
    `Nothing changed. Run cast stack reorder ${id} with all of them, in the new order.`,
  ];
  return new CliError(lines.join('\n'), error.exitCode, { id, missing, extra, repeated, members }, error.code);
}

export async function run(given: string, raw: string[], opts: { json?: boolean }): Promise<void> {
  const id = checkStackId(given);
  const order = decisionList(raw);
  const api = connect();
  let view: StackView;
  try {
    ({ stack: view } = await onStack(id, () => api.request(stackRoutes.reorderStack, { params: { id }, body: { order } })));
  } catch (error) {
    if (error instanceof ApiError && error.problem.code === 'invalid_order') throw await invalidOrder(api, id, error);
    throw error;
  }
  const lines = [`Reordered ${headline(view)}`, ...view.members.map((member, index) => `  ${index + 1}. ${member.decisionId}`)];
  emit(Boolean(opts.json), lines, stackJson(view));
}
