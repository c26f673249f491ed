/**
 * What every host test file sets up and tears down: a test Cast and the loopback refuser,
 * started once; model stand-ins, hosts and terminals tracked per test — a host still running
 * when its test ends (it failed midway) is killed, not left waiting on a hook, and a terminal
 * is stopped; temporary roots (HOME, project, host state) removed at the end. Call at the top
 * of a test file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startTestCast, type TestCast } from '../test-cast';
import { hostBinaries } from './host-binaries';
import { startRefusingProxy, type RefusingProxy } from './refusing-proxy';
import type { RunningHost } from './run-host';

type Stoppable = { stop(): Promise<void> };

export type HostTestWorld = ReturnType<typeof hostTestWorld>;

/** `castOptions`: how the test Cast starts (its rate limits, say). */
export function hostTestWorld(castOptions?: Parameters<typeof startTestCast>[0]) {
  let cast: TestCast | undefined;
  let proxy: RefusingProxy | undefined;
  const models: Stoppable[] = [];
  const hosts: RunningHost[] = [];
  const terminals: Stoppable[] = [];
  const roots: string[] = [];
  beforeAll(async () => {
    hostBinaries(); // installs the pinned hosts if this run has none yet
    [cast, proxy] = await Promise.all([startTestCast(castOptions), startRefusingProxy()]);
  });
  afterEach(async () => {
    await Promise.all(terminals.splice(0).map((terminal) => terminal.stop()));
    for (const host of hosts.splice(0)) if (!host.ended()) host.child.kill('SIGKILL');
    await Promise.all(models.splice(0).map((model) => model.stop()));
  });
  afterAll(async () => {
    await cast?.stop();
    await proxy?.stop();
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  });
  return {
    cast: () => cast!,
    proxy: () => proxy!,
    /** A model stand-in, stopped when the test ends. */
    model<T extends Stoppable>(model: T): T {
      models.push(model);
      return model;
    },
    /** A running host, killed if still running when the test ends. */
    host<T extends RunningHost>(host: T): T {
      hosts.push(host);
      return host;
    },
    /** An interactive host in a terminal (run-claude-pty.ts), stopped when the test ends. */
    terminal<T extends Stoppable>(terminal: T): T {
      terminals.push(terminal);
      return terminal;
    },
    /** A temporary directory, removed when the file's tests end. */
    root(prefix: string): string {
      const root = mkdtempSync(join(tmpdir(), prefix));
      roots.push(root);
      return root;
    },
  };
}
