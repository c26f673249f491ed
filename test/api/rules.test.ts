/**
 * Issue 42: rules through the API. A member makes a rule of their own from conditions; it is
 * compiled to Cedar, validated, kept at revision 1 in shadow and bumped by every change; an
 * admin saves hand-written Cedar, which a member may not. What Cedar refuses is 422
 * `rule_invalid` with the validator's words, and nothing is written. Another workspace's rule
 * reads as 404; each change is in the activity history; a viewer reads but cannot make one; a member cannot change another's. A rule's
 * hits are listed beside what the person answered, and `POST /rules/test` tries an unsaved rule
 * on the last 30 days of decisions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityRoutes } from '../../domain/routes/activity';
import { ruleRoutes } from '../../domain/routes/rules';
import { recordHits } from '../../db/rules';
import { approvalAsk, tierAsk, world } from '../support/agent-world';
import { colleagueOf } from '../support/members';
import { changedTables, rowDigest } from '../support/row-checksum';
import { startTestCast, type Member, type TestCast } from '../support/test-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast();
});
afterAll(() => cast?.stop());

async function workspace(): Promise<{ owner: Member; admin: Member; dana: Member; sam: Member; viewer: Member }> {
  const owner = await cast.newMember();
  return {
    owner,
    admin: await colleagueOf(cast.pool, owner, 'Ada', 'admin'),
    dana: await colleagueOf(cast.pool, owner, 'Dana', 'member'),
    sam: await colleagueOf(cast.pool, owner, 'Sam', 'member'),
    viewer: await colleagueOf(cast.pool, owner, 'Vic', 'viewer'),
  };
}

async function problem(response: Response): Promise<{ status: number; code: string; detail: string; cedar?: string }> {
  expect(response.headers.get('content-type')).toMatch(/application\/problem\+json/);
  const body = (await response.json()) as { code: string; detail: string; cedar?: string };
  return { status: response.status, ...body };
}

const bashRule = (prefix: string) => ({
  name: `${prefix} may run`,
  reason: 'It only reads.',
  effect: { kind: 'approve' as const },
  conditions: { tool: { name: 'Bash', commandPrefix: prefix } },
});

describe('issue 42: rules through the API', () => {
  it('a member makes a rule from conditions: compiled to Cedar, in shadow at revision 1; each change bumps the revision; disabling turns it off', async () => {
    const { dana, viewer } = await workspace();
    const { rule } = await cast.send(dana.token, ruleRoutes.createRule, { body: bashRule('npm test') });
    expect(rule).toMatchObject({
      author: dana.memberId,
      authorRole: 'member',
      mode: 'shadow',
      revision: 1,
      handWritten: false,
      endsAt: null,
    });
    expect(rule.id).toMatch(/^ru_[0-9a-f]{32}$/);
    expect(rule.cedar).toContain('permit (principal, action == Action::"answer", resource is Ask)');
    expect(rule.cedar).toContain('resource.command like "npm test*"');

    const on = await cast.send(dana.token, ruleRoutes.updateRule, {
      params: { id: rule.id },
      body: { mode: 'on', endsAt: '2099-01-01T00:00:00.000Z' },
    });
    expect(on.rule).toMatchObject({ mode: 'on', revision: 2, endsAt: '2099-01-01T00:00:00.000Z' });
    const denied = await cast.send(dana.token, ruleRoutes.updateRule, {
      params: { id: rule.id },
      body: { effect: { kind: 'deny', reason: 'Run the tests in CI.' } },
    });
    expect(denied.rule.revision).toBe(3);
    expect(denied.rule.cedar).toMatch(/^forbid/);

    expect((await cast.send(viewer.token, ruleRoutes.listRules)).rules.map((each) => each.id)).toEqual([rule.id]);
    expect((await cast.send(viewer.token, ruleRoutes.getRule, { params: { id: rule.id } })).rule).toEqual(denied.rule);
    const off = await cast.send(dana.token, ruleRoutes.disableRule, { params: { id: rule.id } });
    expect(off.rule).toMatchObject({ mode: 'off', revision: 4 });
    expect((await cast.send(dana.token, ruleRoutes.disableRule, { params: { id: rule.id } })).rule.revision).toBe(4);

    // Each change is on record with its actor and the revision it reached; disabling twice adds nothing.
    const { activity: entries } = await cast.send(viewer.token, activityRoutes.listActivity, {
      query: { subject_kind: 'rule', subject_id: rule.id },
    });
    expect([...entries].reverse().map((entry) => [entry.kind, entry.actorId, entry.detail.revision, entry.detail.mode])).toEqual([
      ['created', dana.memberId, 1, 'shadow'],
      ['updated', dana.memberId, 2, 'on'],
      ['updated', dana.memberId, 3, 'on'],
      ['disabled', dana.memberId, 4, 'off'],
    ]);
  });

  it('an admin saves hand-written Cedar, validated against the generated schema; a member may not', async () => {
    const { admin, dana } = await workspace();
    const cedar =
      'forbid (principal, action == Action::"answer", resource is Ask) when { resource has toolName && resource.toolName == "WebFetch" };';
    const { rule } = await cast.send(admin.token, ruleRoutes.createRule, {
      body: { name: 'No fetching', reason: 'Data stays in.', effect: { kind: 'deny', reason: 'No web fetches here.' }, cedar, mode: 'on' },
    });
    expect(rule).toMatchObject({ handWritten: true, cedar, authorRole: 'admin', conditions: {} });
    const refused = await problem(
      await cast.request(dana.token, 'POST', '/api/v1/rules', {
        name: 'Mine',
        reason: 'Mine.',
        effect: { kind: 'approve' },
        cedar: cedar.replace('forbid', 'permit'),
      }),
    );
    expect(refused).toMatchObject({ status: 403, code: 'forbidden_for_role' });
  });

  it('refuses what Cedar refuses with 422 rule_invalid and the validator’s words, and what zod refuses with 400; nothing is written', async () => {
    const { owner, admin } = await workspace();
    const before = await rowDigest(cast.pool, owner.workspaceId);
    const make = async (body: Record<string, unknown>) =>
      problem(await cast.request(admin.token, 'POST', '/api/v1/rules', { name: 'Refused', reason: 'x', ...body }));
    const untyped = await make({
      effect: { kind: 'approve' },
      cedar: 'permit (principal, action == Action::"answer", resource is Ask) when { resource.command == "ls" };',
    });
    expect(untyped).toMatchObject({ status: 422, code: 'rule_invalid' });
    expect(untyped.cedar).toMatch(/optional attribute `command`/);
    // A permit cannot be a denial; text that is not Cedar is not a rule.
    const wrongEffect = await make({
      effect: { kind: 'deny', reason: 'no' },
      cedar: 'permit (principal, action == Action::"answer", resource);',
    });
    expect(wrongEffect).toMatchObject({ status: 422, code: 'rule_invalid' });
    expect(await make({ effect: { kind: 'approve' }, cedar: 'permit (' })).toMatchObject({ status: 422, code: 'rule_invalid' });
    expect(await make({ effect: { kind: 'maybe' } })).toMatchObject({ status: 400, code: 'invalid_request' });
    expect(await make({ effect: { kind: 'route', to: '@nobody-here' } })).toMatchObject({ status: 422, code: 'assignee_not_found' });
    expect(changedTables(before, await rowDigest(cast.pool, owner.workspaceId))).toEqual([]);
  });

  it('another workspace’s rule reads as 404 rule_not_found, as a missing one does; a viewer cannot make one; a member cannot change another’s', async () => {
    const first = await workspace();
    const second = await workspace();
    const { rule } = await cast.send(first.dana.token, ruleRoutes.createRule, { body: bashRule('ls') });
    for (const [method, path, body] of [
      ['GET', `/api/v1/rules/${rule.id}`, undefined],
      ['PATCH', `/api/v1/rules/${rule.id}`, { reason: 'Mine now.' }],
      ['DELETE', `/api/v1/rules/${rule.id}`, undefined],
      ['GET', `/api/v1/rules/${rule.id}/hits`, undefined],
      ['GET', '/api/v1/rules/ru_00000000000000000000000000000000', undefined],
    ] as const) {
      expect(await problem(await cast.request(second.admin.token, method, path, body))).toMatchObject({
        status: 404,
        code: 'rule_not_found',
      });
    }
    expect(await problem(await cast.request(first.viewer.token, 'POST', '/api/v1/rules', bashRule('cat')))).toMatchObject({
      status: 403,
      code: 'forbidden_for_role',
    });
    expect(await problem(await cast.request(first.sam.token, 'PATCH', `/api/v1/rules/${rule.id}`, { reason: 'Mine now.' }))).toMatchObject({
      status: 403,
      code: 'rule_not_author',
    });
    expect(await problem(await cast.request(first.sam.token, 'DELETE', `/api/v1/rules/${rule.id}`))).toMatchObject({
      status: 403,
      code: 'rule_not_author',
    });
    // An admin changes anyone's.
    expect(
      (await cast.send(first.admin.token, ruleRoutes.updateRule, { params: { id: rule.id }, body: { reason: 'Checked.' } })).rule.revision,
    ).toBe(2);
  });

  it('lists a rule’s hits beside what the person answered, and tries an unsaved rule on the last 30 days', async () => {
    const { owner, dana } = await workspace();
    const me = world(cast, owner);
    const approval = (
      await me.file({ question: 'Spend it?', context: 'Context long enough for a card to be answerable.', asks: [approvalAsk()] })
    ).body.decision.id;
    const choice = (
      await me.file({ question: 'Which tier?', context: 'Context long enough for a card to be answerable.', asks: [tierAsk()] })
    ).body.decision.id;
    expect((await me.answer(approval, 1, { kind: 'approval', decision: 'approve' })).status).toBe(200);

    const { rule } = await cast.send(dana.token, ruleRoutes.createRule, {
      body: {
        name: 'Budget',
        reason: 'Small spends.',
        effect: { kind: 'approve' },
        conditions: { approval: { action: 'override_budget' } },
      },
    });
    const hit = {
      ruleId: rule.id,
      revision: 1,
      decisionId: approval,
      position: 1,
      effect: { kind: 'approve' as const },
      shadow: true,
      inputDigest: 'sha256:ab',
    };
    await recordHits(cast.pool, owner.workspaceId, [hit]);
    // Recorded once, however often a retried filing records it.
    await recordHits(cast.pool, owner.workspaceId, [hit]);
    const { hits } = await cast.send(dana.token, ruleRoutes.listRuleHits, { params: { id: rule.id } });
    expect(hits).toEqual([
      expect.objectContaining({
        ruleId: rule.id,
        decisionId: approval,
        position: 1,
        shadow: true,
        answered: 'Approved',
        answeredBy: owner.memberId,
      }),
    ]);

    const trial = await cast.send(dana.token, ruleRoutes.testRule, {
      body: { name: 'Pro tier', reason: 'Always Pro.', effect: { kind: 'choose', option: 2 }, conditions: { askKind: 'decision' } },
    });
    expect(trial.considered).toBe(2);
    expect(trial.matches).toEqual([
      expect.objectContaining({ decisionId: choice, position: 1, effect: { kind: 'choose', option: 2 }, answered: null }),
    ]);
    const budget = await cast.send(dana.token, ruleRoutes.testRule, {
      body: {
        name: 'Budget',
        reason: 'x',
        effect: { kind: 'deny', reason: 'No spending.' },
        conditions: { approval: { action: 'override_budget' } },
      },
    });
    expect(budget.matches).toEqual([expect.objectContaining({ decisionId: approval, answered: 'Approved' })]);
  });
});
