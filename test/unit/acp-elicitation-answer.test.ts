/**
 * Issue 43 item 2: the agent's answer to `elicitation/create` from the Cast card's. Answers that
 * fit the form are `accept` with typed content (numbers parsed, Yes `true`, an option its const);
 * a value that does not fit — not a number, out of bounds, not matching, not a date — is never
 * sent: the agent hears `decline`, with what was wrong. "Decline", an archived or withdrawn card
 * are `decline` too; nothing is ever invented.
 */
import type { CreateElicitationRequest, ElicitationSchema } from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import type { DecisionView } from '../../domain/decision';
import { elicitationAnswer } from '../../cli/hosts/acp/elicitation-answer';
import { elicitationCard, type ElicitationCard } from '../../cli/hosts/acp/elicitation-card';

type Value = { kind: 'fact'; text: string } | { kind: 'decision'; selected: number[] } | null;

const text = (value: string): Value => ({ kind: 'fact', text: value });
const pick = (...selected: number[]): Value => ({ kind: 'decision', selected });

/** Only what the mapping reads of a card: its id, status and each ask's answer. */
function decision(status: DecisionView['status'], values: Value[]): DecisionView {
  return {
    id: 'sd-7',
    status,
    asks: values.map((value) => ({ answer: value ? { value, reason: null } : null })),
  } as unknown as DecisionView;
}

function formCard(requestedSchema: ElicitationSchema): Exclude<ElicitationCard, { mode: 'unaskable' }> {
  const card = elicitationCard({ sessionId: 's', mode: 'form', message: 'Deploy', requestedSchema } as CreateElicitationRequest);
  if (card.mode === 'unaskable') throw new Error(card.why);
  return card;
}

const DEPLOY = formCard({
  properties: {
    region: {
      type: 'string',
      oneOf: [
        { const: 'eu-west-1', title: 'Ireland' },
        { const: 'us-east-1', title: 'Virginia' },
      ],
    },
    dryRun: { type: 'boolean' },
    checks: {
      type: 'array',
      items: {
        anyOf: [
          { const: 'lint', title: 'Lint' },
          { const: 'test', title: 'Tests' },
          { const: 'e2e', title: 'E2E' },
        ],
      },
      maxItems: 2,
    },
    replicas: { type: 'integer', title: 'Replicas', minimum: 1, maximum: 9 },
    ratio: { type: 'number', title: 'Ratio', minimum: 0, maximum: 1 },
    name: { type: 'string', title: 'Name', pattern: '^[a-z-]+$', maxLength: 12 },
    when: { type: 'string', title: 'When', format: 'date' },
    owner: { type: 'string', title: 'Owner', format: 'email' },
  },
  required: ['region', 'replicas'],
});

const GOOD: Value[] = [
  pick(2),
  pick(2),
  pick(1, 3),
  text(' 3 '),
  text('0.25'),
  text('spring-cut'),
  text('2026-09-01'),
  text('dana@example.com'),
  // The last ask: "Send these answers to the agent?" — Accept.
  pick(1),
];

const withOne = (position: number, value: Value) => GOOD.map((good, index) => (index === position ? value : good));

describe('issue 43: a card’s answers as the agent’s elicitation answer', () => {
  it('answers that fit are accept with typed content: the option’s const, booleans, a list, parsed numbers', () => {
    expect(elicitationAnswer(DEPLOY, decision('resolved', GOOD))).toEqual({
      action: 'accept',
      content: {
        region: 'us-east-1',
        dryRun: false,
        checks: ['lint', 'e2e'],
        replicas: 3,
        ratio: 0.25,
        name: 'spring-cut',
        when: '2026-09-01',
        owner: 'dana@example.com',
      },
      said: 'Answered in Cast (sd-7).',
    });
  });

  it('an optional ask left empty is left out of the content', () => {
    const answered = [pick(1), null, null, text('1'), null, null, null, null, pick(1)];
    expect(elicitationAnswer(DEPLOY, decision('resolved', answered))).toMatchObject({
      action: 'accept',
      content: { region: 'eu-west-1', replicas: 1 },
    });
  });

  it.each([
    ['not a number', 3, text('three'), 'Replicas: "three" is not a number'],
    ['not a whole number', 3, text('2.5'), 'Replicas: "2.5" is not a whole number'],
    ['below the minimum', 3, text('0'), 'Replicas: 0 is below the minimum, 1'],
    ['above the maximum', 4, text('1.5'), 'Ratio: 1.5 is above the maximum, 1'],
    ['hex is not a number here', 3, text('0x3'), 'Replicas: "0x3" is not a number'],
    ['not matching the pattern', 5, text('Spring Cut'), 'Name: "Spring Cut" does not match the pattern ^[a-z-]+$'],
    ['too long', 5, text('a-very-long-name'), 'Name: "a-very-long-name" is longer than 12 characters'],
    ['not a date', 6, text('2026-02-30'), 'When: "2026-02-30" is not a date (YYYY-MM-DD)'],
    ['not an email', 7, text('dana'), 'Owner: "dana" is not an email address'],
    ['too many chosen', 2, pick(1, 2, 3), 'checks: more than 2 were chosen'],
    ['a required ask unanswered', 0, null, 'region was left unanswered'],
  ])('a value %s is never sent: the agent hears decline and why', (_name, position, value, problem) => {
    const answer = elicitationAnswer(DEPLOY, decision('resolved', withOne(position, value)));
    expect(answer.action).toBe('decline');
    expect(answer.content).toBeUndefined();
    expect(answer.misfit).toBe(`${problem}.`);
    expect(answer.said).toContain("sd-7 was answered in Cast, but not as the agent's form takes it, so nothing of it was sent");
  });

  it('every answer given, then Decline on the last ask: nothing is sent (the person reviewed and said no)', () => {
    expect(elicitationAnswer(DEPLOY, decision('resolved', withOne(8, pick(2))))).toEqual({
      action: 'decline',
      said: 'Declined in Cast (sd-7).',
    });
  });

  it('an archived or withdrawn card is decline, with no content', () => {
    for (const status of ['archived', 'withdrawn'] as const)
      expect(elicitationAnswer(DEPLOY, decision(status, GOOD))).toEqual({
        action: 'decline',
        said: `sd-7 was ${status} in Cast without an answer.`,
      });
  });

  it('a form with nothing required: Accept sends what was answered, Decline sends nothing', () => {
    const card = formCard({ properties: { note: { type: 'string' }, count: { type: 'number' } } });
    expect(elicitationAnswer(card, decision('resolved', [text('ship it'), null, pick(1)]))).toMatchObject({
      action: 'accept',
      content: { note: 'ship it' },
    });
    expect(elicitationAnswer(card, decision('resolved', [text('ship it'), text('x'), pick(2)]))).toEqual({
      action: 'decline',
      said: 'Declined in Cast (sd-7).',
    });
  });

  it('a URL card: "Opened it and finished" is accept with no content, "Decline" is decline', () => {
    const card = elicitationCard({ sessionId: 's', mode: 'url', elicitationId: 'e', url: 'https://example.com/x', message: 'Log in' });
    if (card.mode !== 'url') throw new Error(card.mode);
    expect(elicitationAnswer(card, decision('resolved', [pick(1)]))).toEqual({ action: 'accept', said: 'Accepted in Cast (sd-7).' });
    expect(elicitationAnswer(card, decision('resolved', [pick(2)]))).toMatchObject({ action: 'decline' });
  });
});
