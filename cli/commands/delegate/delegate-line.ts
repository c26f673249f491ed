/** A delegation as `cast delegate` prints it: who covers for whom, and when. */
import type { Delegation } from '../../../domain/delegation';
import { bold } from '../../output';
import { formatLocal } from '../../when';

export type Opts = { json?: boolean };

export function line(delegation: Delegation, now = new Date()): string {
  const window = delegation.endedAt
    ? `ended ${formatLocal(new Date(delegation.endedAt), now)}`
    : `${delegation.active ? 'now' : `from ${formatLocal(new Date(delegation.startsAt), now)}`} until ${formatLocal(new Date(delegation.endsAt), now)}`;
  return `${bold(delegation.delegateName)} covers for ${delegation.memberName} · ${window} (${delegation.id})`;
}
