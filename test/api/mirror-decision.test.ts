/** The mirror rule (DESIGN §1): a snapshot older than the stored row changes nothing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mirrorDecision } from '../../activities/mirror-decision';
import { applyAnswer, openDecision } from '../../domain/decision-state';
import { getDecision, nextDecisionNumber } from '../../db/decision-queries';
import type { Pool } from '../../db/pool';
import { testPool } from '../support/test-pool';
import { createMember, createWorkspace } from '../../db/tenancy';
import { decisionBody, decisionStart } from '../support/fixtures';

let pool: Pool;
let workspaceId: string;
let memberId: string;

beforeAll(async () => {
  pool = testPool();
  workspaceId = await createWorkspace(pool, 'mirror test');
  memberId = await createMember(pool, workspaceId, 'Mirror tester');
});
afterAll(() => pool?.end());

async function revisions() {
  const number = await nextDecisionNumber(pool);
  const first = openDecision(decisionStart(decisionBody('Mirror?', 2), { id: `sd-${number}`, workspaceId, filedBy: memberId }), new Date());
  // Option 1 is not the recommended one, so it carries a reason.
  const second = applyAnswer(
    first,
    { ask: 1, value: { kind: 'decision', selected: [1] }, reason: 'cheaper', answeredBy: memberId },
    new Date(),
  );
  const third = applyAnswer(second, { ask: 2, value: { kind: 'decision', selected: [3] }, reason: null, answeredBy: memberId }, new Date());
  return [first, second, third] as const;
}

describe('mirror', () => {
  it('applying an older revision after a newer one changes nothing', async () => {
    const [first, second] = await revisions();
    expect(await mirrorDecision(pool, first)).toBe('applied');
    expect(await mirrorDecision(pool, second)).toBe('applied');
    const before = await getDecision(pool, { workspaceId }, first.id);

    expect(await mirrorDecision(pool, first)).toBe('stale');
    const after = await getDecision(pool, { workspaceId }, first.id);
    expect(after).toEqual(before);
    expect(after).toMatchObject({ revision: 2, progress: { answered: 1, required: 2 } });
    expect(after?.asks[0]?.answer).toMatchObject({ value: { selected: [1] }, reason: 'cheaper' });
  });

  it('ends on the newest revision whatever order concurrent writes arrive in', async () => {
    const [first, second, third] = await revisions();
    await Promise.all([third, first, second, first, third, second].map((snapshot) => mirrorDecision(pool, snapshot)));
    expect(await getDecision(pool, { workspaceId }, first.id)).toMatchObject({ revision: 3, status: 'resolved' });
  });
});
