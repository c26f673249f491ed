/**
 * `npm run import-pglite`: an earlier Cast's PGlite directory, its rows written by Cast's own
 * db functions, brought into a fresh database by the real command run as a child process —
 * once into a database of the run's server (as DATABASE_URL), once into the embedded server of
 * a data directory.
 */
import { readDeployment } from '../../db/deployment';
import { decisionWorkflowId } from '../../workflows/messages';
import { PGlite } from '@electric-sql/pglite';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mirrorDecision } from '../../activities/mirror-decision';
import { getDecision, nextDecisionNumber } from '../../db/decision-queries';
import { startEmbeddedPostgres } from '../../runtime/postgres/embedded-postgres';
import { loadMigrations, migrate } from '../../db/migrate';
import { migratePglite } from '../../runtime/postgres/pglite-source';
import { createPool, type Pool } from '../../db/pool';
import { appendMessage } from '../../db/session-messages';
import { ensureSession } from '../../db/sessions';
import { createWorkspace, ensureDefaultMember, findPrincipalByToken, hashToken, generateToken } from '../../db/tenancy';
import type { Principal } from '../../domain/principal';
import { person } from '../../domain/principal';
import { applyAnswer, openDecision } from '../../domain/decision-state';
import { signInToken } from '../../scripts/sign-in-token';
import { decisionBody, decisionStart } from '../support/fixtures';

const ROOT = resolve(import.meta.dirname, '../..');
const SCRIPT = join(ROOT, 'scripts/import-pglite.ts');
// A microsecond timestamp: PGlite's own clock stops at milliseconds, the copy must not.
const EXACT_TIME = '2026-11-29 19:35:26.123456+00';

type Run = { code: number | null; stdout: string; stderr: string };

function runImport(args: string[], env: Record<string, string>): Promise<Run> {
  const childEnv: Record<string, string> = { LOG_LEVEL: 'silent' };
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !['DATABASE_URL', 'CAST_DATA_DIR', 'CAST_PG_PORT'].includes(key)) childEnv[key] = value;
  }
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT, ...args], { cwd: ROOT, env: { ...childEnv, ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolveRun, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolveRun({ code, stdout, stderr }));
  });
}

/** Cast's db functions take a pg pool; PGlite answers the same calls with the same shapes. */
function pgliteAsPool(db: PGlite): Pool {
  const query = async (text: string | { text: string; values?: unknown[] }, values?: unknown[]) => {
    const result = typeof text === 'string' ? await db.query(text, values) : await db.query(text.text, text.values);
    return { rows: result.rows, rowCount: result.rows.length > 0 ? result.rows.length : (result.affectedRows ?? 0) };
  };
  return { query } as unknown as Pool;
}

/** Every file of a directory, by content: proof that the import only read it. */
function fingerprint(dir: string): string {
  const hash = createHash('sha256');
  const walk = (path: string) => {
    for (const name of readdirSync(path).sort()) {
      const file = join(path, name);
      if (statSync(file).isDirectory()) walk(file);
      else hash.update(relative(dir, file)).update(readFileSync(file));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

async function tableCounts(db: Pool): Promise<Record<string, number>> {
  const { rows: tables } = await db.query<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = 'public' and tablename <> 'schema_migrations' order by tablename`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from "${name}"`);
    counts[name] = rows[0]!.n;
  }
  return counts;
}

/**
 * Tables a newer migration adds, which the source lacks: none since 0014's counters (the source
 * below lacks 0016's columns instead, which the import fills with their defaults).
 */
const newestTables = {};

async function decisionCounters(db: Pool): Promise<Array<{ status: string; mode: string; n: number }>> {
  const { rows } = await db.query<{ status: string; mode: string; n: number }>(
    'select status, mode, n::int as n from decision_counts order by 1, 2',
  );
  return rows;
}

const temp = mkdtempSync(join(tmpdir(), 'cast-import-test-'));
// Run as root, the embedded server runs as `postgres`, which must pass through to its directory.
chmodSync(temp, 0o711);
const sourceDir = join(temp, 'pglite-2026-11-30T12-00-00-000Z');
let sourceCounts: Record<string, number>;
let sourcePrint: string;
let owner: Principal;
let ownerToken: string;
let colleague: Principal;
let colleagueToken: string;
let decisionIds: string[];
let lastMessageSeq: number;

/** The earlier Cast's database: a workspace, two members and their tokens, decisions, a session. */
async function writeSource(): Promise<void> {
  const db = await PGlite.create({ dataDir: sourceDir });
  // Written by today's db functions, then stripped of 0016's columns below: as a Cast from
  // before people and agents had kinds would have left the database.
  await migratePglite(db, await loadMigrations());
  const pool = pgliteAsPool(db);

  const workspaceId = await createWorkspace(pool, 'Default workspace');
  await db.query('update workspaces set created_at = $1 where id = $2', [EXACT_TIME, workspaceId]);
  // Members and tokens as a Cast from before people and agents had their own kinds wrote them.
  const oldMember = async (id: string, name: string, isDefault: boolean) => {
    await pool.query('insert into members (id, workspace_id, name, is_default) values ($1, $2, $3, $4)', [
      id,
      workspaceId,
      name,
      isDefault,
    ]);
    return person(workspaceId, id, isDefault ? 'owner' : 'member');
  };
  const oldToken = async (member: Principal, label: string) => {
    const token = generateToken();
    await pool.query('insert into api_tokens (id, workspace_id, member_id, token_hash, label) values ($1, $2, $3, $4, $5)', [
      `tk_${label}`,
      workspaceId,
      member.memberId,
      hashToken(token),
      label,
    ]);
    return token;
  };
  owner = await oldMember('mb_owner', 'Owner', true);
  colleague = await oldMember('mb_colleague', 'Colleague', false);
  ownerToken = await oldToken(owner, 'start-up');
  colleagueToken = await oldToken(colleague, 'agent');

  // Numbers handed out to filings that never made a row.
  for (let skipped = 0; skipped < 3; skipped += 1) await nextDecisionNumber(pool);
  decisionIds = [];
  for (const question of ['Which schema wins?', 'Ship on Friday?']) {
    const id = `sd-${await nextDecisionNumber(pool)}`;
    const opened = openDecision(decisionStart(decisionBody(question, 2), { id, workspaceId, filedBy: owner.memberId }), new Date());
    const answered = applyAnswer(
      opened,
      { ask: 1, value: { kind: 'decision', selected: [2] }, reason: null, answeredBy: colleague.memberId },
      new Date(),
    );
    await mirrorDecision(pool, opened);
    await mirrorDecision(pool, answered);
    decisionIds.push(id);
  }

  await ensureSession(pool, owner, { id: 'claude-session-1', scope: 'cast' });
  for (const body of ['Which schema should win?', 'Waiting for the decision.']) {
    lastMessageSeq = (await appendMessage(pool, { workspaceId, sessionId: 'claude-session-1', role: 'assistant', kind: 'message', body }))
      .seq;
  }
  // A rate-limit counter: transient, not carried across.
  await db.query(`insert into rate_limits (key, points, expire) values ($1, 3, $2)`, [`read:${owner.memberId}`, Date.now() + 60_000]);

  // An outbox cursor counted in the source's transaction ids: copied, it would skip the target's events.
  await db.query(`insert into outbox_cursors (task_queue, channel, xid, seq) values ('', 'webhooks', '4000000000', 7)`);

  await db.exec(`
    alter table activity drop column actor_label;
    alter table web_sessions drop column token_id;
    drop index api_tokens_workspace_idx;
    alter table api_tokens drop constraint api_tokens_agent_kind,
      drop column kind, drop column agent_id, drop column expires_at, drop column last_used_at;
    alter table members drop column role;
    delete from schema_migrations where version = 16;`);

  sourceCounts = await tableCounts(pool);
  await db.close();
  sourcePrint = fingerprint(sourceDir);
}

beforeAll(writeSource);
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** A member in no team, covering for nobody, in a workspace where anyone may answer. */
const ALONE = { teams: [], covers: [], policy: 'anyone' };

describe('npm run import-pglite', () => {
  it('exits 2 with the usage when no directory or no PGlite directory is given', async () => {
    const none = await runImport([], { CAST_DATA_DIR: join(temp, 'unused') });
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/Usage: npm run import-pglite -- /);

    const empty = join(temp, 'not-pglite');
    mkdirSync(empty);
    const wrong = await runImport([empty], { CAST_DATA_DIR: join(temp, 'unused') });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain(`${empty} is not a PGlite data directory`);
  });

  describe('into a fresh database that DATABASE_URL names', () => {
    const name = `import_test_${randomBytes(6).toString('hex')}`;
    const dataDir = join(temp, 'data-url');
    let admin: Pool;
    let target: Pool;
    let targetUrl: string;
    let startup: Principal;
    let startupToken: string;

    beforeAll(async () => {
      admin = createPool(inject('databaseUrl'), 1);
      await admin.query(`create database ${name}`);
      const url = new URL(inject('databaseUrl'));
      url.pathname = `/${name}`;
      targetUrl = url.toString();
      target = createPool(targetUrl, 2);
      // What the first `npm start` on the new database leaves: the default member, its token
      // (also in the data dir's admin-token), the health roll-up's first row.
      await migrate(target);
      startup = await ensureDefaultMember(target);
      mkdirSync(dataDir);
      startupToken = await signInToken(target, startup, dataDir);
      await target.query(`insert into health_snapshots (workspace_id, computed_at, band) values ($1, now(), 'quiet')`, [
        startup.workspaceId,
      ]);
    });
    afterAll(async () => {
      await target?.end();
      await admin?.query(`drop database if exists ${name} with (force)`);
      await admin?.end();
    });

    it('copies every row, replaces the start-up member, keeps every token and never touches the PGlite directory', async () => {
      const run = await runImport([sourceDir], { DATABASE_URL: targetUrl, CAST_DATA_DIR: dataDir });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/Brought its schema up to date \(migrations \d+\)/);
      expect(run.stdout).toMatch(/^ {2}decisions +2$/m);
      expect(run.stdout).toMatch(/^ {2}members +2$/m);
      expect(run.stdout).toContain('Next: start Cast (npm start)');
      expect(run.stdout).not.toContain(new URL(targetUrl).password || '\u0000');

      // The start-up token is kept (as the owner's); the rate-limit counter is not carried, nor
      // the outbox (the target's own cursors stay, none of them the source's).
      const counts = await tableCounts(target);
      expect(counts).toEqual({
        ...sourceCounts,
        ...newestTables,
        api_tokens: sourceCounts.api_tokens! + 1,
        rate_limits: 0,
        outbox_events: 0,
        outbox_cursors: counts.outbox_cursors,
      });
      expect(sourceCounts.outbox_cursors).toBeGreaterThan(0);
      const cursors = await target.query(`select 1 from outbox_cursors where xid = '4000000000'`);
      expect(cursors.rows).toEqual([]);
      expect(await decisionCounters(target)).toEqual([{ status: 'open', mode: 'blocking', n: 2 }]);
      expect(run.stdout).toMatch(/sign-in token of the fresh database's default member \(1\) now signs? in/);
      expect(sourceCounts).toMatchObject({ decisions: 2, sessions: 1, session_messages: 2, api_tokens: 2, rate_limits: 1 });
      const { rows } = await target.query<{ created: string }>('select created_at::text as created from workspaces');
      expect(rows).toEqual([{ created: EXACT_TIME }]);

      // The fresh start's workspace is gone; the earlier Cast's owner is the default member again.
      // Every token of the earlier Cast is a person token of its member; the default member owns the workspace.
      expect(await ensureDefaultMember(target)).toEqual(owner);
      expect(await findPrincipalByToken(target, ownerToken)).toEqual({
        ...owner,
        tokenId: 'tk_start-up',
        expiresAt: null,
        membership: ALONE,
      });
      expect(await findPrincipalByToken(target, colleagueToken)).toEqual({
        ...colleague,
        tokenId: 'tk_agent',
        expiresAt: null,
        membership: ALONE,
      });
      expect(await findPrincipalByToken(target, startupToken)).toMatchObject({ ...owner, tokenId: expect.any(String) });
      const roles = await target.query('select id, role from members order by id');
      expect(roles.rows).toEqual([
        { id: 'mb_colleague', role: 'member' },
        { id: 'mb_owner', role: 'owner' },
      ]);
      // The next `npm start` prints the token it printed before, and it opens the imported rows.
      expect(await signInToken(target, owner, dataDir)).toBe(startupToken);
      // The imported decisions' workflows run under the ids they were filed with (no deployment in them).
      const deployment = await readDeployment(target);
      const imported = await target.query<{ id: string }>('select id from decisions');
      expect(imported.rows.length).toBe(2);
      for (const { id } of imported.rows) expect(decisionWorkflowId(id, deployment)).toBe(`decision/${id}`);

      const decision = await getDecision(target, owner, decisionIds[0]!);
      expect(decision).toMatchObject({ id: decisionIds[0], question: 'Which schema wins?', status: 'open' });
      expect(decision?.asks[0]?.answer).toMatchObject({ value: { selected: [2] }, answeredBy: colleague.memberId });

      // New rows get ids past every imported one.
      expect(await nextDecisionNumber(target)).toBe(Number(decisionIds[1]!.slice(3)) + 1);
      const message = await appendMessage(target, {
        workspaceId: owner.workspaceId,
        sessionId: 'claude-session-1',
        role: 'user',
        kind: 'message',
        body: 'Go.',
      });
      expect(message.seq).toBeGreaterThan(lastMessageSeq);

      expect(fingerprint(sourceDir)).toBe(sourcePrint);
    });

    it('refuses, exit 1, when the target already holds decisions, and changes nothing', async () => {
      const before = await tableCounts(target);
      const { rows: sequenceBefore } = await target.query('select last_value from decision_number_seq');

      const run = await runImport([sourceDir], { DATABASE_URL: targetUrl, CAST_DATA_DIR: dataDir });

      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/already holds 2 decisions .*the import is for a fresh database/);
      expect(run.stderr).toContain('Nothing changed. To import, point DATABASE_URL at a new, empty database.');
      expect(await tableCounts(target)).toEqual(before);
      expect((await target.query('select last_value from decision_number_seq')).rows).toEqual(sequenceBefore);
      expect(fingerprint(sourceDir)).toBe(sourcePrint);
    });
  });

  it("refuses, exit 1, when DATABASE_URL's role is no superuser (foreign-key checks stay on), and changes nothing", async () => {
    const suffix = randomBytes(6).toString('hex');
    const [name, role, password] = [`import_test_${suffix}`, `import_role_${suffix}`, randomBytes(12).toString('hex')];
    const admin = createPool(inject('databaseUrl'), 1);
    await admin.query(`create role ${role} login password '${password}'`);
    await admin.query(`create database ${name} owner ${role}`);
    const url = new URL(inject('databaseUrl'));
    Object.assign(url, { pathname: `/${name}`, username: role, password });
    const target = createPool(url.toString(), 1);
    try {
      await migrate(target);
      const fresh = await ensureDefaultMember(target);

      const run = await runImport([sourceDir], { DATABASE_URL: url.toString(), CAST_DATA_DIR: join(temp, 'data-role') });

      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`needs a superuser, and DATABASE_URL signs in as ${role}`);
      expect(run.stderr).toContain('Nothing changed.');
      expect(await ensureDefaultMember(target)).toEqual(fresh);
      expect((await tableCounts(target)).decisions).toBe(0);
    } finally {
      await target.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`drop role if exists ${role}`);
      await admin.end();
    }
  });

  describe('into the embedded server of $CAST_DATA_DIR', () => {
    const dataDir = join(temp, 'data-embedded');
    let running: ChildProcess | undefined;
    afterAll(() => running?.kill());

    it('refuses while Cast runs from that data directory, and imports once it has stopped', async () => {
      mkdirSync(dataDir);
      // A live process that reads as `npm start` (scripts/data-dir-lock.ts checks its command line).
      running = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', 'start-all'], { stdio: 'ignore' });
      writeFileSync(join(dataDir, 'cast.pid'), `${running.pid}\n`);

      const refused = await runImport([sourceDir], { CAST_DATA_DIR: dataDir });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`Cast is already running from ${dataDir}`);
      expect(readdirSync(dataDir)).toEqual(['cast.pid']);

      running.kill();
      await new Promise((resolveExit) => running!.once('exit', resolveExit));
      const run = await runImport([sourceDir], { CAST_DATA_DIR: dataDir });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`Copied into the embedded database in ${join(dataDir, 'pg')}`);
      expect(readdirSync(dataDir)).not.toContain('cast.pid');

      // What `npm start` finds there next.
      const embedded = await startEmbeddedPostgres({ dir: join(dataDir, 'pg') });
      const pool = createPool(embedded.url, 2);
      try {
        const counts = await tableCounts(pool);
        expect(counts).toEqual({
          ...sourceCounts,
          ...newestTables,
          rate_limits: 0,
          outbox_events: 0,
          outbox_cursors: counts.outbox_cursors,
        });
        expect(await decisionCounters(pool)).toEqual([{ status: 'open', mode: 'blocking', n: 2 }]);
        expect(await findPrincipalByToken(pool, ownerToken)).toEqual({
          ...owner,
          tokenId: 'tk_start-up',
          expiresAt: null,
          membership: ALONE,
        });
      } finally {
        await pool.end();
        await embedded.stop();
      }
      expect(fingerprint(sourceDir)).toBe(sourcePrint);
    });
  });
});
