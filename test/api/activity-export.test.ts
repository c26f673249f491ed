/**
 * Issue 38 item 10: `GET /api/v1/activity/export` — the history as JSON Lines over a time range,
 * oldest first, streamed page by page, with each answer's provenance; a bad range is a 400 that
 * says so; another workspace's entries are never in it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActivityEntry } from '../../domain/activity';
import { taskRoutes } from '../../domain/routes/tasks';
import { tierAsk, world } from '../support/agent-world';
import { expectProblem } from '../support/problem';
import { startTestCast, type Member, type TestCast } from '../support/test-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast();
});
afterAll(() => cast?.stop());

async function exported(member: Member, query = ''): Promise<{ response: Response; lines: ActivityEntry[] }> {
  const response = await cast.request(member.token, 'GET', `/api/v1/activity/export${query}`);
  const text = await response.text();
  expect(text === '' || text.endsWith('\n'), 'every line ends with a newline').toBe(true);
  const lines = text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => ActivityEntry.parse(JSON.parse(line)));
  return { response, lines };
}

describe('issue 38 item 10: the activity export', () => {
  it('issue 38 item 10: exports JSON Lines oldest first, each answer with its provenance, and nothing of another workspace', async () => {
    const member = await cast.newMember();
    const stranger = await cast.newMember();
    const me = world(cast, member);
    await cast.send(stranger.token, taskRoutes.createTask, { body: { title: 'Not yours' } });
    const filed = await me.file({
      question: 'Which tier?',
      context: 'Enough context for a person to answer without the session.',
      asks: [tierAsk()],
    });
    const id = filed.body.decision.id;
    await me.answer(id, 1, { kind: 'decision', selected: [2] });

    const { response, lines } = await exported(member);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    expect(lines.every((entry) => entry.subjectId === id)).toBe(true);
    expect(lines.map((entry) => entry.kind).slice(0, 3)).toEqual(['opened', 'answered', 'resolved']);
    expect(lines.map((entry) => entry.seq)).toEqual([...lines.map((entry) => entry.seq)].sort((a, b) => a - b));
    expect(lines.find((entry) => entry.kind === 'answered')?.detail.provenance).toMatchObject({
      actor: { kind: 'member', id: member.memberId },
      channel: 'api',
      digestOf: 'ask',
    });
    expect(lines.some((entry) => entry.subjectTitle === 'Not yours')).toBe(false);
  });

  it('issue 38 item 10: keeps to the range — from inclusive, to exclusive — across pages of 500 entries', async () => {
    const member = await cast.newMember();
    // 1,203 entries an hour apart, written as the history writes them (volume, not behaviour, is under test here).
    const start = Date.parse('2026-01-01T00:00:00Z');
    await cast.pool.query(
      `insert into activity (workspace_id, subject_kind, subject_id, kind, actor_kind, actor_id, detail, at)
       select $1, 'task', 'tk-' || n, 'created', 'member', $2, jsonb_build_object('n', n), $3::timestamptz + make_interval(hours => n)
         from generate_series(0, 1202) n`,
      [member.workspaceId, member.memberId, new Date(start).toISOString()],
    );
    const all = await exported(member);
    expect(all.lines.map((entry) => entry.detail.n)).toEqual(Array.from({ length: 1203 }, (_, n) => n));

    const from = new Date(start + 100 * 3_600_000).toISOString();
    const to = new Date(start + 1100 * 3_600_000).toISOString();
    const ranged = await exported(member, `?from=${from}&to=${to}`);
    expect(ranged.lines).toHaveLength(1000);
    expect(ranged.lines[0]!.detail.n).toBe(100);
    expect(ranged.lines.at(-1)!.detail.n).toBe(1099);

    const empty = await exported(member, `?from=2020-01-01T00:00:00Z&to=2020-01-02T00:00:00Z`);
    expect(empty.response.status).toBe(200);
    expect(empty.lines).toEqual([]);
  });

  it('issue 38 item 10: a range that ends before it starts, or a time that is not one, is refused with a code', async () => {
    const member = await cast.newMember();
    await expectProblem(
      cast.request(member.token, 'GET', '/api/v1/activity/export?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z'),
      400,
      'invalid_time_range',
    );
    await expectProblem(
      cast.request(member.token, 'GET', '/api/v1/activity/export?from=2026-02-01T00:00:00Z&to=2026-02-01T00:00:00Z'),
      400,
      'invalid_time_range',
    );
    await expectProblem(cast.request(member.token, 'GET', '/api/v1/activity/export?from=yesterday'), 400, 'invalid_request');
    await expectProblem(cast.request(null, 'GET', '/api/v1/activity/export'), 401, 'unauthorized');
  });
});
