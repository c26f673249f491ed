/** What `cast stack create` does: reads the policy from its spellings, checks the body, and opens the stack. */
import { stackRoutes } from '../../../domain/routes/stacks';
import { CreateStackBody } from '../../../domain/stack-schema';
import { bold, emit, hint, usageError } from '../../output';
import { connect } from '../decide/target';
import type { CreateOptions } from './create';
import { autoDefaultNote, policyLine, stackJson } from './present';
import { readDue, readDuration } from './stack-input';

/** `--policy auto-default:24h` / `--policy due:friday`, and the --due / --auto-default spellings. */
function readPolicy(opts: CreateOptions, now: Date): { dueAt?: Date; autoDefaultSeconds?: number } {
  const given: { due: string[]; autoDefault: string[] } = { due: [], autoDefault: [] };
  if (opts.due !== undefined) given.due.push(`--due ${opts.due}`);
  if (opts.autoDefault !== undefined) given.autoDefault.push(`--auto-default ${opts.autoDefault}`);
  const policy: { dueAt?: Date; autoDefaultSeconds?: number } = {};
  for (const entry of opts.policy) {
    const split = entry.indexOf(':');
    const [kind, value] = split === -1 ? [entry, ''] : [entry.slice(0, split).trim().toLowerCase(), entry.slice(split + 1).trim()];
    if (kind === 'auto-default' && value) {
      given.autoDefault.push(`--policy ${entry}`);
      policy.autoDefaultSeconds = readDuration(value, `--policy ${entry}`);
    } else if (kind === 'due' && value) {
      given.due.push(`--policy ${entry}`);
      policy.dueAt = readDue(value, now, `--policy ${entry}`);
    } else {
      throw usageError(`--policy ${entry}: write it as auto-default:DURATION (e.g. auto-default:24h) or due:WHEN (e.g. due:friday).`);
    }
  }
  for (const twice of [given.due, given.autoDefault]) {
    if (twice.length > 1) throw usageError(`Give each policy once: ${twice.join(' and ')}.`);
  }
  if (opts.due !== undefined) policy.dueAt = readDue(opts.due, now, `--due ${opts.due}`);
  if (opts.autoDefault !== undefined) policy.autoDefaultSeconds = readDuration(opts.autoDefault, `--auto-default ${opts.autoDefault}`);
  return policy;
}

export async function run(title: string, opts: CreateOptions): Promise<void> {
  if (!title.trim()) throw usageError('Give the stack a title: cast stack create "Launch checklist".');
  const now = new Date();
  const policy = readPolicy(opts, now);
  const body = CreateStackBody.safeParse({
    title,
    ...(policy.dueAt ? { dueAt: policy.dueAt.toISOString() } : {}),
    ...(policy.autoDefaultSeconds ? { autoDefaultSeconds: policy.autoDefaultSeconds } : {}),
  });
  if (!body.success) throw usageError(body.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
  if (policy.dueAt && policy.dueAt.getTime() < now.getTime())
    hint('cast: note: that due time has already passed; the stack shows as overdue.');

  const { stack } = await connect().request(stackRoutes.createStack, { body: body.data });
  emit(
    Boolean(opts.json),
    [
      `${bold(stack.id)} created: ${stack.title}`,
      `Policy: ${policyLine(stack, new Date())}`,
      ...autoDefaultNote(stack),
      `File decisions into it: cast decide "…" -o … --context … --stack ${stack.id}`,
    ],
    stackJson(stack),
  );
}
