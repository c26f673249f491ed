/** What `cast delegate to` does: the dates read as `cast stack` reads them, a bad one refused before sending (exit 2). */
import { delegationRoutes } from '../../../domain/routes/delegations';
import { emit } from '../../output';
import { connect } from '../decide/target';
import { readDue } from '../stack/stack-input';
import { line, type Opts } from './delegate-line';

export async function run(member: string, opts: Opts & { until: string; from?: string; for?: string }): Promise<void> {
  const now = new Date();
  const body = {
    to: member.trim(),
    endsAt: readDue(opts.until, now, '--until').toISOString(),
    ...(opts.from ? { startsAt: startOf(opts.from, now).toISOString() } : {}),
    ...(opts.for ? { from: opts.for.trim() } : {}),
  };
  const { delegation } = await connect().request(delegationRoutes.createDelegation, { body });
  emit(Boolean(opts.json), [`Delegated: ${line(delegation, now)}`], { delegation });
}

/** A start: a day (`monday`, `2026-12-10`) starts at its first second, not its last as a due date ends. */
function startOf(text: string, now: Date): Date {
  const at = readDue(text, now, '--from');
  if (/\d{2}:\d{2}/.test(text)) return at;
  return new Date(at.getFullYear(), at.getMonth(), at.getDate());
}
