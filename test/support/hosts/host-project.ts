/**
 * A person, their agent's token, and a sealed place for a host to run in: a temporary root
 * (removed when the test file ends) holding the host's HOME, the project directory and a `cast`
 * for the front of PATH. `castEnv` is what `cast` needs to reach the test Cast as that agent;
 * `env` adds the PATH.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { world } from '../agent-world';
import { agentTokenOf } from '../members';
import { castOnPath } from './cast-on-path';
import type { HostTestWorld } from './host-test-world';

export type HostProject = Awaited<ReturnType<typeof hostProject>>;

export async function hostProject(hosts: HostTestWorld, agent: string, prefix: string) {
  const cast = hosts.cast();
  const member = await cast.newMember();
  const person = world(cast, member);
  const { token } = await agentTokenOf(cast.pool, member, agent);
  const root = hosts.root(prefix);
  const home = join(root, 'home');
  const project = join(root, 'notes');
  mkdirSync(home, { recursive: true });
  mkdirSync(project, { recursive: true });
  const bin = castOnPath(root);
  const castEnv = { CAST_URL: cast.url, CAST_TOKEN: token, CAST_CONFIG: join(root, 'cast-config.json') };
  return { person, token, root, home, project, bin, castEnv, env: { PATH: `${bin}:${process.env.PATH}`, ...castEnv } };
}
