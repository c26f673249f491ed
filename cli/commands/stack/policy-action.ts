/** What `cast stack policy` does: reads the change from the flags, checks it with domain's schema, and sets it. */
import { stackRoutes } from '../../../domain/routes/stacks';
import { StackPolicyBody } from '../../../domain/stack-schema';
import { emit, hint, usageError } from '../../output';
import { connect } from '../decide/target';
import type { PolicyOptions } from './policy';
import { autoDefaultNote, headline, policyLine, stackJson } from './present';
import { checkStackId, onStack, readDue, readDuration } from './stack-input';

export async function run(given: string, opts: PolicyOptions): Promise<void> {
  const id = checkStackId(given);
  const now = new Date();
  const change: { dueAt?: string | null; autoDefaultSeconds?: number | null } = {};
  if (opts.due === false) change.dueAt = null;
  else if (opts.due !== undefined) change.dueAt = readDue(opts.due, now, `--due ${opts.due}`).toISOString();
  if (opts.autoDefault === false) change.autoDefaultSeconds = null;
  else if (opts.autoDefault !== undefined) change.autoDefaultSeconds = readDuration(opts.autoDefault, `--auto-default ${opts.autoDefault}`);
  if (Object.keys(change).length === 0)
    throw usageError('Nothing to change: give --due WHEN, --no-due, --auto-default DURATION or --no-auto-default.');
  const body = StackPolicyBody.safeParse(change);
  if (!body.success) throw usageError(body.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
  if (change.dueAt && Date.parse(change.dueAt) < now.getTime())
    hint('cast: note: that due time has already passed; the stack shows as overdue.');

  const { stack: view } = await onStack(id, () => connect().request(stackRoutes.setStackPolicy, { params: { id }, body: body.data }));
  emit(
    Boolean(opts.json),
    [`Updated the policy of ${headline(view)}`, `Policy: ${policyLine(view, new Date())}`, ...autoDefaultNote(view)],
    stackJson(view),
  );
}
