/**
 * Production: a filing can only ever reach its own decision. Workflow ids carry the deployment's
 * id (made at its first migrate), so a database recreated while Temporal keeps its histories
 * numbers its decisions afresh without meeting the old workflows; and a database restored to
 * an earlier point, which hands out numbers again, finds those workflows refusing a filing
 * that is not theirs, and files under a new number.
 */
import { Client, Connection } from '@temporalio/client';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DecisionSnapshot } from '../../domain/decision';
import { readDeployment } from '../../db/deployment';
import { loadMigrations, migrate } from '../../db/migrate';
import { createPool } from '../../db/pool';
import { decisionQuery, decisionWorkflowId } from '../../workflows/messages';
import { stackQuery, stackWorkflowId } from '../../workflows/stack-messages';
import { stackRoutes } from '../../domain/routes/stacks';
import { world } from '../support/agent-world';
import { decisionBody } from '../support/fixtures';
import { freshDatabase } from '../support/fresh-database';
import { startTestCast, type TestCast } from '../support/test-cast';

// The recreated database's Cast takes over the same task queue; every other deployment has its own.
const sharedQueue = `deployments-${randomUUID()}`;
let connection: Connection;
let client: Client;
const casts: TestCast[] = [];

async function castOverNewDatabase(taskQueue = `deployments-${randomUUID()}`): Promise<TestCast> {
  const databaseUrl = await freshDatabase(inject('databaseUrl'), 'cast_deployment');
  const pool = createPool(databaseUrl, 1);
  await migrate(pool);
  await pool.end();
  const cast = await startTestCast({ databaseUrl, taskQueue });
  casts.push(cast);
  return cast;
}

const snapshotOf = (workflowId: string) => client.workflow.getHandle(workflowId).query(decisionQuery) as Promise<DecisionSnapshot>;

beforeAll(async () => {
  connection = await Connection.connect({ address: inject('temporalAddress') });
  client = new Client({ connection });
});

afterAll(async () => {
  for (const cast of casts) await cast.stop();
  await connection?.close();
});

describe('workflow ids carry the deployment', () => {
  it('a recreated database files sd-1 again as a new decision, and the old sd-1 is untouched', async () => {
    const before = await castOverNewDatabase(sharedQueue);
    const me = world(before, await before.newMember());
    const session = `conv-${randomUUID()}`;
    const old = (await me.file({ ...decisionBody('Which region hosts the archive?'), session })).body.decision;
    expect(old.id).toBe('sd-1');
    const oldWorkflow = decisionWorkflowId(old.id, before.deployment);
    expect(oldWorkflow).toBe(`decision/${before.deployment.id}/sd-1`);
    await before.stop();
    casts.splice(casts.indexOf(before), 1);

    // The database is gone and made anew; Temporal and the task queue are the same.
    const after = await castOverNewDatabase(sharedQueue);
    expect(after.deployment.id).not.toBe(before.deployment.id);
    const you = world(after, await after.newMember());
    const filed = await you.file({ ...decisionBody('Do we rotate the signing keys now?'), session });
    expect(filed.status).toBe(201);
    expect(filed.body.decision).toMatchObject({ id: 'sd-1', question: 'Do we rotate the signing keys now?', status: 'open' });

    const fresh = await snapshotOf(decisionWorkflowId('sd-1', after.deployment));
    expect(fresh.question).toBe('Do we rotate the signing keys now?');
    const untouched = await snapshotOf(oldWorkflow);
    expect(untouched).toMatchObject({
      question: 'Which region hosts the archive?',
      revision: old.revision,
      workspaceId: me.member.workspaceId,
    });
  });

  it('a database restored to before a filing hands its number out again: the filing goes to a new decision', async () => {
    const cast = await castOverNewDatabase();
    const me = world(cast, await cast.newMember());
    const first = (await me.file({ ...decisionBody('Ship the migration tonight?'), session: `conv-${randomUUID()}` })).body.decision;
    const firstStack = (await me.send(stackRoutes.createStack, { body: { title: 'Before the restore' } })).stack;

    // A restore to a point before that filing: its row, its key and its number are gone; its workflow runs on.
    await cast.pool.query('delete from decision_keys');
    await cast.pool.query('delete from decisions where id = $1', [first.id]);
    await cast.pool.query(`select setval('decision_number_seq', $1, false)`, [Number(first.id.slice('sd-'.length))]);
    await cast.pool.query('delete from stacks where id = $1', [firstStack.id]);
    await cast.pool.query(`select setval('stack_number_seq', $1, false)`, [Number(firstStack.id.slice('ds-'.length))]);

    const second = await me.file({ ...decisionBody('Which dashboard do we retire?'), session: `conv-${randomUUID()}` });
    expect(second.status).toBe(201);
    expect(second.body.decision.id).not.toBe(first.id);
    expect(second.body.decision.question).toBe('Which dashboard do we retire?');
    const untouched = await snapshotOf(decisionWorkflowId(first.id, cast.deployment));
    expect(untouched).toMatchObject({ question: 'Ship the migration tonight?', revision: first.revision });

    const secondStack = await me.send(stackRoutes.createStack, { body: { title: 'After the restore' } });
    expect(secondStack.stack.id).not.toBe(firstStack.id);
    const oldStack = await client.workflow.getHandle(stackWorkflowId(firstStack.id, cast.deployment)).query(stackQuery);
    expect(oldStack.title).toBe('Before the restore');

    // The same question from the same session still rewrites its own open decision in place.
    const session = `conv-${randomUUID()}`;
    const asked = (await me.file({ ...decisionBody('Pause the nightly export?'), session })).body.decision;
    const again = await me.file({ ...decisionBody('pause the nightly export'), context: 'Disk is at 91%.', session });
    expect(again.body.decision.id).toBe(asked.id);
    expect(again.body.decision.context).toBe('Disk is at 91%.');
  });

  it('decisions and stacks numbered before the upgrade keep the ids their workflows run under', async () => {
    const databaseUrl = await freshDatabase(inject('databaseUrl'), 'cast_upgrade');
    const pool = createPool(databaseUrl, 1);
    try {
      const migrations = await loadMigrations();
      await migrate(
        pool,
        migrations.filter((migration) => migration.version < 18),
      );
      // sd-1…sd-5 and ds-1…ds-2 were filed under the old ids.
      await pool.query(`select nextval('decision_number_seq') from generate_series(1, 5)`);
      await pool.query(`select nextval('stack_number_seq') from generate_series(1, 2)`);
      await migrate(pool, migrations);
      const deployment = await readDeployment(pool);
      expect(deployment).toMatchObject({ decisionsFrom: 6, stacksFrom: 3 });
      expect(decisionWorkflowId('sd-5', deployment)).toBe('decision/sd-5');
      expect(decisionWorkflowId('sd-6', deployment)).toBe(`decision/${deployment.id}/sd-6`);
      expect(stackWorkflowId('ds-2', deployment)).toBe('stack/ds-2');
      expect(stackWorkflowId('ds-3', deployment)).toBe(`stack/${deployment.id}/ds-3`);
    } finally {
      await pool.end();
    }
  });
});
