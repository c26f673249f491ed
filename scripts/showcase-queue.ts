/**
 * A queue worth photographing: about a dozen decisions of every kind, filed through the API as
 * agents and hosts file them — a multi-ask decision half answered, one of each ask kind, an
 * approval and an escalation record, a permission prompt and a terminal question, an advisory
 * decision, a stack, a recurring question, and a few answered and archived ones for the tabs.
 * Returns the id of the decision to show selected.
 */

type Call = <T = unknown>(method: string, path: string, body?: unknown) => Promise<T>;

/** The API as one member: every call must succeed, or the photograph would show a broken queue. */
export function memberApi(url: string, token: string): Call {
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${url}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${text}`);
    return JSON.parse(text) as T;
  };
}

type Filed = { decision: { id: string } };

const tiers = [
  { label: 'Standard — $240/mo', consequence: 'daily refresh, 2 of the 3 fields the page needs' },
  { label: 'Pro — $480/mo', consequence: 'hourly refresh, every field', recommended: true },
  { label: 'Stay on the cached copy', consequence: 'the page goes stale' },
];

export async function fileShowcase(call: Call): Promise<{ selected: string }> {
  const agent = async (name: string) => (await call<{ agent: { id: string } }>('POST', '/agents', { name })).agent.id;
  const [researcher, editor, ops, support] = [await agent('Researcher'), await agent('Editor'), await agent('Ops'), await agent('Support')];
  const mission = (await call<{ mission: { id: string } }>('POST', '/missions', { name: 'Q3 pricing refresh' })).mission.id;
  const task = async (title: string, agentId: string) =>
    (await call<{ task: { id: string } }>('POST', '/tasks', { title, status: 'in_progress', missionId: mission, agentId })).task.id;
  const session = async (name: string, agentId: string, scope: string) => {
    const id = `showcase-${name}-${Date.now()}`;
    await call('PUT', `/sessions/${id}`, { agentId, scope });
    // A live host: its decisions rank in the first group (blocking, and can still be answered).
    await call('POST', `/sessions/${id}/heartbeat`, {});
    return id;
  };
  const file = async (body: Record<string, unknown>) => (await call<Filed>('POST', '/decisions', body)).decision.id;

  const pricing = await session('pricing', researcher, 'pricing-site');
  const suppliers = await session('suppliers', editor, 'supplier-sync');
  const pricingTask = await task('Refresh the pricing page', researcher);
  const run = (await call<{ run: { id: string } }>('POST', `/sessions/${pricing}/runs`, { status: 'parked' })).run.id;

  // §6.2's own example: three asks, the first already approved.
  const selected = await file({
    question: 'Spend $240 on the data feed',
    context: 'The paid feed returned 402 and the cached copy is 9 days old.',
    attempts: ['fetch feed — 402 payment required', 'cached copy — 9 days stale', 'free tier — missing 3 of 5 fields'],
    confidence: 0.82,
    agent: researcher,
    task: pricingTask,
    run,
    session: pricing,
    asks: [
      {
        kind: 'approval',
        prompt: 'Approve the $240 spend',
        action: { kind: 'override_budget', summary: 'Purchase the Standard data-feed tier for one month.' },
        risks: ['Spends real money', 'Recurring until cancelled'],
      },
      { kind: 'decision', prompt: 'Which feed tier should it buy?', options: tiers },
      {
        kind: 'access',
        prompt: 'Grant read access to Analytics',
        needed: 'analytics.read',
        grantUrl: 'https://cast.invalid/connections/analytics',
      },
    ],
  });
  await call('POST', `/decisions/${selected}/asks/1/answer`, {
    answer: { kind: 'approval', decision: 'approve' },
    reason: 'Budget is capped this quarter, but this one is worth it.',
  });

  await file({
    question: 'What VAT rate do we charge in Ireland?',
    context: 'Only you know this — it is not in the Knowledge Base.',
    confidence: 0.35,
    agent: researcher,
    session: pricing,
    asks: [{ kind: 'fact', prompt: 'What VAT rate do we charge in Ireland?' }],
  });
  await call('POST', `/sessions/${pricing}/prompts`, {
    kind: 'permission',
    tool: 'Bash',
    input: 'git push origin release/2.4',
    pinned: 'Release branch is green; pushing it opens the deploy.',
  });

  const escalation = { reasonCode: 'conflicting_instructions', agent: editor, session: suppliers, confidence: 0.4 };
  await call('POST', '/escalations', {
    ...escalation,
    summary: 'Finance and ops each keep a supplier list, and they disagree on three suppliers.',
    mustDecide: 'Which supplier list is authoritative?',
    options: ['Finance’s list', 'Ops’s list', 'Merge them by hand'],
    attempts: ['compared both lists — 3 suppliers differ', 'searched the wiki — no owner named'],
  });
  // Asked three times in a fortnight: the recurring chip (§6.14). Two were answered already.
  for (const [index, quarter] of ['Q1', 'Q2', 'Q3'].entries()) {
    const id = await file({
      question: `Which supplier list is right for ${quarter}?`,
      agent: editor,
      asks: [
        { kind: 'decision', prompt: `Which supplier list is right for ${quarter}?`, options: [{ label: 'Finance' }, { label: 'Ops' }] },
      ],
    });
    if (index < 2) await call('POST', `/decisions/${id}/asks/1/answer`, { answer: { kind: 'decision', selected: [1] } });
  }
  await file({
    question: 'Sign the supplier agreement in the finance portal',
    agent: editor,
    session: suppliers,
    asks: [{ kind: 'action', prompt: 'Sign the supplier agreement in the finance portal', context: 'The agent cannot reach that system.' }],
  });
  await file({
    question: 'Dense or roomy layout for the comparison table?',
    mode: 'advisory',
    defaultOption: 1,
    confidence: 0.7,
    agent: editor,
    session: suppliers,
    asks: [{ kind: 'decision', prompt: 'Dense or roomy layout?', options: [{ label: 'Dense', recommended: true }, { label: 'Roomy' }] }],
  });

  await call('POST', '/approvals', {
    actionType: 'send_message',
    summary: 'Send the launch email to 4,000 customers',
    context: 'The copy was approved on Monday; the list was exported this morning.',
    risks: ['external_reach', 'irreversible'],
    agent: support,
  });
  await file({
    question: 'Ops needs read access to Analytics',
    context: 'It cannot finish the traffic summary without it.',
    agent: ops,
    asks: [
      {
        kind: 'access',
        prompt: 'Ops needs read access to Analytics',
        needed: 'analytics.read',
        grantUrl: 'https://cast.invalid/connections',
      },
    ],
  });
  await file({
    question: 'Which regions get the beta first?',
    agent: ops,
    confidence: 0.6,
    asks: [
      {
        kind: 'decision',
        prompt: 'Which regions get the beta first?',
        multiple: true,
        min: 1,
        max: 2,
        options: [{ label: 'EU' }, { label: 'US' }, { label: 'APAC' }],
      },
    ],
  });
  const stack = (await call<{ stack: { id: string } }>('POST', '/stacks', { title: 'Launch checklist', autoDefaultSeconds: 86_400 })).stack
    .id;
  for (const question of ['Ship on Tuesday or Thursday?', 'Announce on the blog too?']) {
    await file({
      question,
      mode: 'advisory',
      defaultOption: 1,
      agent: support,
      stack,
      asks: [{ kind: 'decision', prompt: question, options: [{ label: 'Yes, as planned' }, { label: 'Hold it' }] }],
    });
  }

  // The other tabs are not empty: one answered, one set aside.
  const archived = await file({ question: 'Rename the pricing tiers?', agent: researcher, asks: [{ kind: 'fact', prompt: 'New names?' }] });
  await call('POST', `/decisions/${archived}/archive`, {});
  return { selected };
}
