/** What `cast delegate ls` does. */
import { delegationRoutes } from '../../../domain/routes/delegations';
import { emit } from '../../output';
import { connect } from '../decide/target';
import { line, type Opts } from './delegate-line';

export async function run(opts: Opts): Promise<void> {
  const { delegations } = await connect().request(delegationRoutes.listDelegations, {});
  emit(
    Boolean(opts.json),
    delegations.length ? delegations.map((delegation) => line(delegation)) : ['Nobody is away: cast delegate to mb_… --until friday'],
    {
      delegations,
    },
  );
}
