/**
 * The README's start command, run as a user runs it: `npm start` in a fresh data directory,
 * with nothing configured (embedded Postgres, Temporal dev server). Ctrl-C stops it all;
 * starting again finds what was filed, and the decision's workflow still takes its answer.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freeFixedPort } from '../../runtime/free-port';
import { choiceDecision } from '../support/fixtures';

const dataDir = mkdtempSync(join(tmpdir(), 'cast-start-'));
let child: ChildProcess | undefined;

afterAll(() => {
  if (child?.pid && groupAlive(child.pid)) process.kill(-child.pid, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

type Started = { url: string; token: string; output: () => string };

async function npmStart(ports: { api: number; temporal: number }, adminToken?: string): Promise<Started> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CAST_DATA_DIR: dataDir,
    PORT: String(ports.api),
    TEMPORAL_PORT: String(ports.temporal),
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.TEMPORAL_ADDRESS;
  delete env.CAST_ADMIN_TOKEN;
  if (adminToken) env.CAST_ADMIN_TOKEN = adminToken;
  // Its own process group, so a signal reaches npm and everything under it, like Ctrl-C.
  child = spawn('npm', ['start'], { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const url = `http://127.0.0.1:${ports.api}`;
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output}`);
    const token = /Sign-in token \(workspace \S+\): (\S+)/.exec(output)?.[1];
    const healthy = await fetch(`${url}/healthz`).then((r) => r.status === 200, () => false);
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

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

const call = (started: Started, token: string, method: string, path: string, body?: unknown) =>
  fetch(`${started.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

describe('npm start', () => {
  it('starts everything, stops on Ctrl-C, and keeps every decision across a restart', async () => {
    const ports = { api: await freeFixedPort(), temporal: await freeFixedPort() };

    const first = await npmStart(ports);
    expect(first.output()).toContain(`Cast is running at ${first.url}`);
    const filed = await call(first, first.token, 'POST', '/api/v1/decisions', choiceDecision('Survives a restart?', 2));
    expect(filed.status).toBe(201);
    const { decision } = (await filed.json()) as { decision: { id: string } };
    const answered = await call(first, first.token, 'POST', `/api/v1/decisions/${decision.id}/asks/1/answer`, {
      answer: { kind: 'decision', selected: [2] },
    });
    expect(answered.status).toBe(200);

    expect(await ctrlC()).toBe(true);
    expect(await listening(ports.api)).toBe(false);
    expect(await listening(ports.temporal)).toBe(false);

    // CAST_ADMIN_TOKEN becomes the default member's token; the earlier token still works.
    const adminToken = 'cast_admin_token_for_scripts_0123456789';
    const second = await npmStart(ports, adminToken);
    expect(second.token).toBe(adminToken);
    const read = await call(second, adminToken, 'GET', `/api/v1/decisions/${decision.id}`);
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({
      decision: { id: decision.id, question: 'Survives a restart?', status: 'open', progress: { answered: 1, required: 2 } },
    });
    // The workflow survived too: the second ask still takes its answer and resolves the decision.
    const last = await call(second, first.token, 'POST', `/api/v1/decisions/${decision.id}/asks/2/answer`, {
      answer: { kind: 'decision', selected: [2] },
    });
    expect(last.status).toBe(200);
    expect(await last.json()).toMatchObject({ decision: { status: 'resolved' } });

    expect(await ctrlC()).toBe(true);
    expect(await listening(ports.temporal)).toBe(false);
  }, 360_000);
});
