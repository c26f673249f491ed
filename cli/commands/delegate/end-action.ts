/** What `cast delegate end` does. */
import { delegationRoutes } from '../../../domain/routes/delegations';
import { emit } from '../../output';
import { connect } from '../decide/target';
import { line, type Opts } from './delegate-line';

export async function run(id: string, opts: Opts): Promise<void> {
  const { delegation } = await connect().request(delegationRoutes.endDelegation, { params: { id: id.trim() }, body: {} });
  emit(Boolean(opts.json), [`Ended: ${line(delegation)}`], { delegation });
}
