/**
 * The README's start command, run as a user runs it: `npm start` in a fresh data directory,
 * with nothing configured (the embedded PostgreSQL server, a Temporal dev server). Ctrl-C
 * stops it all; starting again finds what was filed, and the decision's workflow still takes
 * its answer — also after everything was SIGKILLed, and after Cast alone was.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decisionRoutes } from '../../domain/routes/decisions';
import { freeFixedPort } from '../../runtime/free-port';
import { decisionBody } from '../support/fixtures';
import { typedCallsOver } from '../support/typed-calls';

const dataDir = mkdtempSync(join(tmpdir(), 'cast-start-'));
// Like a clone's .data: the database server's user (as root, `postgres`) passes through it.
chmodSync(dataDir, 0o755);
let child: ChildProcess | undefined;
/** Every process group this file started (each `npm start`), so none outlives it, whichever test failed. */
const groups: number[] = [];

afterAll(async () => {
  // The database server runs in a process group of its own: read its pid before the rest goes.
  const postmaster = postmasterPid();
  for (const pgid of groups) if (groupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
  if (postmaster) {
    process.kill(postmaster, 'SIGKILL');
    await gone(postmaster);
  }
  rmSync(dataDir, { recursive: true, force: true });
});

type Started = { url: string; token: string; output: () => string };

type Ports = { api: number; temporal: number; postgres?: number };

function castEnv(ports: Ports): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CAST_DATA_DIR: dataDir,
    PORT: String(ports.api),
    TEMPORAL_PORT: String(ports.temporal),
    LOG_LEVEL: 'warn',
    // npm start and the processes spawned beside it each take a free metrics port, not all 9464.
    CAST_METRICS_PORT: '0',
  };
  if (ports.postgres) env.CAST_PG_PORT = String(ports.postgres);
  else delete env.CAST_PG_PORT;
  delete env.DATABASE_URL;
  delete env.TEMPORAL_ADDRESS;
  delete env.CAST_ADMIN_TOKEN;
  return env;
}

async function npmStart(ports: Ports, adminToken?: string): Promise<Started> {
  const env = castEnv(ports);
  if (adminToken) env.CAST_ADMIN_TOKEN = adminToken;
  // Its own process group, so a signal reaches npm and everything under it, like Ctrl-C.
  child = spawn('npm', ['start'], { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  groups.push(child.pid!);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const url = `http://127.0.0.1:${ports.api}`;
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output}`);
    const token = /Sign-in token \(workspace \S+\): (\S+)/.exec(output)?.[1];
    const healthy = await fetch(`${url}/healthz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (healthy && token) return { url, token, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`npm start did not become healthy:\n${output}`);
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Ctrl-C to the whole group; true once every process npm start began has exited. */
async function ctrlC(): Promise<boolean> {
  const pgid = child!.pid!;
  process.kill(-pgid, 'SIGINT');
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (!groupAlive(pgid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/** The embedded server's postmaster, while its lock file names a live one. */
function postmasterPid(): number | null {
  const lockFile = join(dataDir, 'pg', 'data', 'postmaster.pid');
  if (!existsSync(lockFile)) return null;
  const pid = Number(readFileSync(lockFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

function postgresPort(): number {
  return Number(readFileSync(join(dataDir, 'pg', 'data', 'postmaster.pid'), 'utf8').split('\n')[3]);
}

async function gone(pid: number): Promise<boolean> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    try {
      process.kill(pid, 0);
    } catch {
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** Typed calls to the API that `started` runs. */
const apiOf = (started: Started) => typedCallsOver(started.url);

/** Everything npm start began, SIGKILLed; with the database server too when `postgres` is set. */
async function killAll(options: { postgres: boolean }): Promise<void> {
  const pid = postmasterPid();
  process.kill(-child!.pid!, 'SIGKILL');
  if (options.postgres && pid) process.kill(pid, 'SIGKILL');
  const deadline = Date.now() + 10_000;
  while (groupAlive(child!.pid!) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  if (options.postgres && pid) expect(await gone(pid)).toBe(true);
}

function spawnAlone(entry: string, ports: Ports): ChildProcess {
  const alone = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: castEnv(ports),
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  groups.push(alone.pid!);
  return alone;
}

describe('npm start', () => {
  let ports: Ports;
  let firstToken = '';
  let decisionId = '';
  const adminToken = 'cast_admin_token_for_scripts_0123456789';

  it('moves an earlier PGlite data dir aside, runs everything on the embedded PostgreSQL, and stops it all on Ctrl-C', async () => {
    ports = { api: await freeFixedPort(), temporal: await freeFixedPort(), postgres: await freeFixedPort() };
    // What the PGlite version of Cast left: its cluster's files directly in <data dir>/pg.
    mkdirSync(join(dataDir, 'pg', 'base'), { recursive: true });
    writeFileSync(join(dataDir, 'pg', 'PG_VERSION'), '17\n');

    const first = await npmStart(ports);
    firstToken = first.token;
    expect(first.output()).toContain(`Cast is running at ${first.url}`);
    const aside = readdirSync(dataDir).find((name) => name.startsWith('pglite-'));
    expect(aside).toBeDefined();
    expect(readFileSync(join(dataDir, aside!, 'PG_VERSION'), 'utf8')).toBe('17\n');
    expect(first.output()).toContain(`moved to ${join(dataDir, aside!)}`);
    expect(first.output()).toContain(`npm run import-pglite -- ${join(dataDir, aside!)}`);
    // CAST_PG_PORT, on loopback.
    expect(postgresPort()).toBe(ports.postgres);
    expect(await listening(ports.postgres!)).toBe(true);

    const filed = await apiOf(first).reply(first.token, decisionRoutes.fileDecision, { body: decisionBody('Survives a restart?', 2) });
    expect(filed.status).toBe(201);
    decisionId = filed.body.decision.id;
    const answered = await apiOf(first).reply(first.token, decisionRoutes.answerAsk, {
      params: { id: decisionId, ask: 1 },
      body: { answer: { kind: 'decision', selected: [2] } },
    });
    expect(answered.status).toBe(200);

    // A second API and a second worker, started on their own, join the embedded server.
    const secondPort = await freeFixedPort();
    const api = spawnAlone('bin/api.ts', { ...ports, api: secondPort });
    const worker = spawnAlone('bin/worker.ts', ports);
    try {
      const second = { url: `http://127.0.0.1:${secondPort}`, token: first.token, output: () => '' };
      await expect
        .poll(
          () =>
            fetch(`${second.url}/healthz`).then(
              (r) => r.status,
              () => 0,
            ),
          { timeout: 30_000 },
        )
        .toBe(200);
      const read = await apiOf(second).send(first.token, decisionRoutes.getDecision, { params: { id: decisionId } });
      expect(read).toMatchObject({ decision: { id: decisionId, progress: { answered: 1 } } });
      expect(worker.exitCode).toBeNull();
    } finally {
      api.kill('SIGTERM');
      worker.kill('SIGTERM');
    }

    const postgres = postmasterPid();
    expect(postgres).not.toBeNull();
    expect(await ctrlC()).toBe(true);
    expect(await listening(ports.api)).toBe(false);
    expect(await listening(ports.temporal)).toBe(false);
    // The database server is in a process group of its own, so it is not Ctrl-C's: Cast stops it, last.
    expect(await gone(postgres!)).toBe(true);
    expect(existsSync(join(dataDir, 'pg', 'data', 'postmaster.pid'))).toBe(false);
    expect(await listening(ports.postgres!)).toBe(false);
  }, 360_000);

  it('keeps every decision after everything, the database server included, was SIGKILLed', async () => {
    // CAST_ADMIN_TOKEN becomes the default member's token; the earlier token still works.
    ports = { api: ports.api, temporal: ports.temporal };
    const second = await npmStart(ports, adminToken);
    expect(second.token).toBe(adminToken);
    await killAll({ postgres: true });
    // What a power cut leaves: a lock file naming a server that is gone.
    expect(existsSync(join(dataDir, 'pg', 'data', 'postmaster.pid'))).toBe(true);

    const third = await npmStart(ports, adminToken);
    const read = await apiOf(third).reply(adminToken, decisionRoutes.getDecision, { params: { id: decisionId } });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      decision: { id: decisionId, question: 'Survives a restart?', status: 'open', progress: { answered: 1, required: 2 } },
    });
    // The workflow survived too: the second ask still takes its answer and resolves the decision.
    const last = await apiOf(third).reply(firstToken, decisionRoutes.answerAsk, {
      params: { id: decisionId, ask: 2 },
      body: { answer: { kind: 'decision', selected: [2] } },
    });
    expect(last.status).toBe(200);
    expect(last.body).toMatchObject({ decision: { status: 'resolved' } });
  }, 360_000);

  it('shuts down the database server a SIGKILLed Cast left running, and starts afresh', async () => {
    const left = postmasterPid();
    await killAll({ postgres: false });
    expect(left).not.toBeNull();
    expect(postmasterPid()).toBe(left);

    const fourth = await npmStart(ports, adminToken);
    expect(await gone(left!)).toBe(true);
    const read = await apiOf(fourth).send(adminToken, decisionRoutes.getDecision, { params: { id: decisionId } });
    expect(read).toMatchObject({ decision: { id: decisionId, status: 'resolved' } });

    const postgres = postmasterPid();
    expect(await ctrlC()).toBe(true);
    expect(await listening(ports.temporal)).toBe(false);
    expect(await gone(postgres!)).toBe(true);
  }, 360_000);
});
