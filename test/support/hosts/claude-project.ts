/**
 * A project for the real Claude Code with Cast's hook installed the way a person installs it —
 * by running the real `cast install claude-code` in the project, with the pinned `claude` on the
 * PATH so the command reads its version — in a sealed place (host-project.ts: the person, their
 * agent's token, a sealed HOME, and a PATH holding both `cast` and `claude`).
 */
import { readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { runCast } from '../../cli/run-cast';
import type { ClaudeSettings } from './documented-settings';
import { hostBinaries } from './host-binaries';
import { hostProject } from './host-project';
import type { HostTestWorld } from './host-test-world';

export type ClaudeProject = Awaited<ReturnType<typeof claudeProject>>;

export async function claudeProject(hosts: HostTestWorld, installArgs: string[]) {
  const place = await hostProject(hosts, 'Claude Code', 'cast-host-claude-');
  symlinkSync(hostBinaries().claude, join(place.bin, 'claude'));
  const installed = await runCast(['install', 'claude-code', ...installArgs, '--json'], {
    cwd: place.project,
    env: { ...place.env, HOME: place.home, CAST_SESSION: undefined },
  });
  expect(installed.code, installed.stderr).toBe(0);
  const settings = JSON.parse(readFileSync(join(place.project, '.claude', 'settings.json'), 'utf8')) as ClaudeSettings;
  return { ...place, settings, installed: JSON.parse(installed.stdout) as Record<string, unknown> };
}
