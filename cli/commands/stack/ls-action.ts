/** What `cast stack ls` does: lists the stacks, one line each with its policy. */
import { stackRoutes } from '../../../domain/routes/stacks';
import { emit } from '../../output';
import { connect } from '../decide/target';
import type { StackLsOptions } from './ls';
import { listLine, stackJson } from './present';

export async function run(opts: StackLsOptions): Promise<void> {
  const { stacks } = await connect().request(stackRoutes.listStacks, { query: opts.status ? { status: opts.status } : {} });
  const now = new Date();
  const lines =
    stacks.length === 0
      ? [`No ${opts.status ? `${opts.status} ` : ''}stacks. Open one: cast stack create "Launch checklist"`]
      : stacks.map((one) => listLine(one, now));
  emit(Boolean(opts.json), lines, { stacks: stacks.map(stackJson) });
}
