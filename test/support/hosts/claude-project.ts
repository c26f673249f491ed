/**
 * A project for the real Claude Code with Cast's hook installed the way a person installs it —
 * by running the real `cast install claude-code` in the project, with the pinned `claude` on the
 * PATH so the command reads its version — and what else a host test needs: the person, their
 * agent's token, a sealed HOME, and a PATH holding both `cast` and `claude`.
 */
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { runCast } from '../../cli/run-cast';
import { world } from '../agent-world';
import { agentTokenOf } from '../members';
import type { TestCast } from '../test-cast';
import { castOnPath } from './cast-on-path';
import type { ClaudeSettings } from './documented-settings';
import { hostBinaries } from './host-binaries';

export type ClaudeProject = Awaited<ReturnType<typeof claudeProject>>;

export async function claudeProject(cast: TestCast, roots: string[], installArgs: string[]) {
  const member = await cast.newMember();
  const person = world(cast, member);
  const { token } = await agentTokenOf(cast.pool, member, 'Claude Code');
  const root = mkdtempSync(join(tmpdir(), 'cast-host-claude-'));
  roots.push(root);
  const home = join(root, 'home');
  const project = join(root, 'notes');
  mkdirSync(home, { recursive: true });
  mkdirSync(project, { recursive: true });
  const bin = castOnPath(root);
  symlinkSync(hostBinaries().claude, join(bin, 'claude'));
  const env = { PATH: `${bin}:${process.env.PATH}`, CAST_URL: cast.url, CAST_TOKEN: token, CAST_CONFIG: join(root, 'cast-config.json') };
  const installed = await runCast(['install', 'claude-code', ...installArgs, '--json'], {
    cwd: project,
    env: { ...env, HOME: home, CAST_SESSION: undefined },
  });
  expect(installed.code, installed.stderr).toBe(0);
  const settings = JSON.parse(readFileSync(join(project, '.claude', 'settings.json'), 'utf8')) as ClaudeSettings;
  return { person, token, root, home, project, env, settings, installed: JSON.parse(installed.stdout) as Record<string, unknown> };
}
