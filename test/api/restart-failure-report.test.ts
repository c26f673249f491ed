/**
 * AW-03 §10 (observability): "A restart failure raises an error report with the decision and
 * run identifiers and no prompt content." Restarts fail for real here — a session whose host
 * has stopped (E5), a database that refuses the delivery on every try (FR-34) — and the test
 * reads the worker's own log lines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESTART_FAILED_REPORT } from '../../activities/report-restart-failure';
import { sessionRoutes } from '../../domain/routes/sessions';
import { createLogger } from '../../runtime/logger';
import { world } from '../support/agent-world';
import { startTestCast, type TestCast } from '../support/test-cast';

const lines: string[] = [];
let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast({ workerLogger: createLogger('info', 'cast-worker', { write: (line: string) => void lines.push(line) }) });
});
afterAll(() => cast?.stop());

/** Every piece of prompt content a decision and its answer carry; none may reach a report. */
const content = {
  question: 'Should we wire the Halvorsen payroll export tonight?',
  context: 'Payroll for the Lisbon office closes at 18:00; the export script was last run by Ingrid.',
  prompt: 'Which export route for the Halvorsen payroll?',
  askContext: 'Route B bypasses the finance sandbox entirely.',
  labels: ['Sandbox route via Marlowe', 'Direct route via Quennell'],
  consequences: ['slower by a day', 'skips the Marlowe audit'],
  reason: 'Ingrid signed off on the Quennell bypass this morning.',
};

function fileWithContent(me: ReturnType<typeof world>, session: string, run: string) {
  return me.file({
    question: content.question,
    context: content.context,
    session,
    run,
    asks: [
      {
        kind: 'decision',
        prompt: content.prompt,
        context: content.askContext,
        options: [
          { label: content.labels[0], consequence: content.consequences[0], recommended: true },
          { label: content.labels[1], consequence: content.consequences[1] },
        ],
      },
    ],
  });
}

/** The reports naming this decision, parsed; and every line, which must hold no prompt content. */
function reportsFor(decisionId: string): Array<Record<string, unknown>> {
  return lines
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => entry.msg === RESTART_FAILED_REPORT && entry.decisionId === decisionId);
}

function expectNoPromptContent(): void {
  const words = [
    content.question,
    content.context,
    content.prompt,
    content.askContext,
    content.reason,
    ...content.labels,
    ...content.consequences,
  ];
  // Distinctive names from the content, too: no fragment of it may leak either.
  for (const text of [...words, 'Halvorsen', 'Marlowe', 'Quennell', 'Ingrid', 'Lisbon']) {
    for (const line of lines) expect(line).not.toContain(text);
  }
}

describe('§10 — a restart failure raises an error report', () => {
  it('§10, E5 — a parked run whose host has stopped: one error report naming the decision and the run, with no prompt content', async () => {
    const me = world(cast, await cast.newMember());
    const session = await me.session();
    const parked = await me.run(session, 'parked');
    await me.send(sessionRoutes.stopSession, { params: { id: session }, body: {} });
    const filed = await fileWithContent(me, session, parked.id);
    const id = filed.body.decision.id;
    await me.answer(id, 1, { kind: 'decision', selected: [2] }, content.reason);
    expect((await me.delivered(id)).delivery?.kind).toBe('failed');

    await expect.poll(() => reportsFor(id)).toHaveLength(1);
    const [report] = reportsFor(id);
    expect(report).toMatchObject({
      level: 50,
      report: 'restart_failed',
      decisionId: id,
      runId: parked.id,
      sessionId: session,
      reason: 'session_stopped',
    });
    expectNoPromptContent();
  });

  it('§10, FR-34 — a delivery the database refuses on every try: the recorded failure raises the report, once', async () => {
    const me = world(cast, await cast.newMember());
    const session = await me.session();
    const parked = await me.run(session, 'parked');
    // Every delivery into this session fails, the retries too: the answer's message never lands.
    const name = `fail_always_${session.replace(/\W/g, '_')}`;
    await cast.pool.query(
      `create function ${name}() returns trigger language plpgsql as $$
       begin
         if new.session_id = '${session}' then raise exception 'injected delivery failure'; end if;
         return new;
       end $$`,
    );
    await cast.pool.query(`create trigger ${name} before insert on session_messages for each row execute function ${name}()`);
    try {
      const filed = await fileWithContent(me, session, parked.id);
      const id = filed.body.decision.id;
      await me.answer(id, 1, { kind: 'decision', selected: [2] }, content.reason);
      // The workflow's delivery retries six times over about 16 seconds before it records the failure.
      await expect.poll(async () => (await me.decision(id)).delivery?.kind, { timeout: 45_000, interval: 500 }).toBe('failed');
      await expect.poll(() => reportsFor(id)).toHaveLength(1);
      expect(reportsFor(id)[0]).toMatchObject({
        level: 50,
        report: 'restart_failed',
        decisionId: id,
        runId: parked.id,
        reason: 'delivery_error',
      });
      expectNoPromptContent();
      // The answer stands (FR-34): the decision is closed with it.
      expect(await me.decision(id)).toMatchObject({ status: 'resolved', asks: [{ answer: { value: { selected: [2] } } }] });
    } finally {
      await cast.pool.query(`drop trigger ${name} on session_messages`);
      await cast.pool.query(`drop function ${name}()`);
    }
  });
});
