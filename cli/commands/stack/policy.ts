/**
 * `cast stack policy ds-7 --due tomorrow` (or --no-due, --auto-default 24h, --no-auto-default):
 * changes the stack's policy and prints what it resolved to. Pending auto-defaults move with it.
 */
import type { Command } from 'commander';
import { setStackPolicy } from '../../../domain/routes/stacks';
import { StackPolicyBody } from '../../../domain/stack-schema';
import { emit, hint, usageError } from '../../output';
import { connect } from '../decide/target';
import { autoDefaultNote, headline, policyLine, stackJson } from './present';
import { checkStackId, onStack, readDue, readDuration, WHEN_HELP } from './stack-input';

/** Commander gives a string for `--due X`, false for `--no-due`, undefined for neither. */
type PolicyOptions = { due?: string | false; autoDefault?: string | false; json?: boolean };

export function registerStackPolicy(stack: Command): void {
  stack
    .command('policy')
    .description("change a stack's due time or auto-default")
    .argument('<stack>', 'the stack, e.g. ds-7')
    .option('--due <when>', 'when you mean to have cleared it (WHEN below)')
    .option('--no-due', 'clear the due time')
    .option('--auto-default <duration>', 'advisory members take their default this long after joining (DURATION below)')
    .option('--no-auto-default', 'clear the auto-default: nothing is answered automatically')
    .option('--json', 'print one JSON object')
    .addHelpText('after', WHEN_HELP)
    .action(async (given: string, opts: PolicyOptions) => {
      const id = checkStackId(given);
      const now = new Date();
      const change: { dueAt?: string | null; autoDefaultSeconds?: number | null } = {};
      if (opts.due === false) change.dueAt = null;
      else if (opts.due !== undefined) change.dueAt = readDue(opts.due, now, `--due ${opts.due}`).toISOString();
      if (opts.autoDefault === false) change.autoDefaultSeconds = null;
      else if (opts.autoDefault !== undefined)
        change.autoDefaultSeconds = readDuration(opts.autoDefault, `--auto-default ${opts.autoDefault}`);
      if (Object.keys(change).length === 0)
        throw usageError('Nothing to change: give --due WHEN, --no-due, --auto-default DURATION or --no-auto-default.');
      const body = StackPolicyBody.safeParse(change);
      if (!body.success) throw usageError(body.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
      if (change.dueAt && Date.parse(change.dueAt) < now.getTime())
        hint('cast: note: that due time has already passed; the stack shows as overdue.');

      const { stack: view } = await onStack(id, () => connect().request(setStackPolicy, { params: { id }, body: body.data }));
      emit(
        Boolean(opts.json),
        [`Updated the policy of ${headline(view)}`, `Policy: ${policyLine(view, new Date())}`, ...autoDefaultNote(view)],
        stackJson(view),
      );
    });
}
