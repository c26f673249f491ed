/**
 * Issue 43 item 2: an ACP agent's question (`elicitation/create`) as a Cast card. Each property of
 * a form is one ask — a choice for an enum, a oneOf, a boolean (Yes / No) and a multi-select (one
 * allowing several), a fact for a string, number or integer, required as the schema says — and a
 * URL question shows the URL and its host as text with "Opened it and finished" / "Decline". A form
 * Cast cannot show is said so, never filed half.
 */
import type { CreateElicitationRequest, ElicitationSchema } from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { elicitationCard } from '../../cli/hosts/acp/elicitation-card';

const form = (requestedSchema: ElicitationSchema, message = 'Set up the deploy'): CreateElicitationRequest => ({
  sessionId: 's-1',
  mode: 'form',
  message,
  requestedSchema,
});

const SCHEMA: ElicitationSchema = {
  type: 'object',
  properties: {
    strategy: { type: 'string', title: 'Strategy', enum: ['conservative', 'balanced', 'aggressive'] },
    region: {
      type: 'string',
      title: 'Region',
      oneOf: [
        { const: 'eu-west-1', title: 'Ireland', description: 'Closest to most users' },
        { const: 'us-east-1', title: 'Virginia' },
      ],
    },
    dryRun: { type: 'boolean', title: 'Dry run first?', default: true },
    checks: { type: 'array', title: 'Checks', items: { enum: ['lint', 'test', 'e2e'] }, minItems: 1, maxItems: 2 },
    name: { type: 'string', title: 'Release name', description: 'Shown in the changelog', maxLength: 40, pattern: '^[a-z-]+$' },
    replicas: { type: 'integer', title: 'Replicas', minimum: 1, maximum: 9 },
    ratio: { type: 'number', description: 'Traffic share for the canary' },
  },
  required: ['strategy', 'replicas', 'name'],
};

describe('issue 43: an ACP form question as a Cast card', () => {
  it('one ask per property: choices for enum, oneOf, boolean and multi-select; facts for string and numbers', () => {
    const card = elicitationCard(form(SCHEMA), 'Example agent');
    if (card.mode !== 'form') throw new Error(card.mode);
    expect(card.content.question).toBe('Set up the deploy');
    expect(card.content.context).toContain('Example agent asks this through ACP.');
    expect(card.content.asks.map((ask) => [ask.kind, ask.prompt, ask.required])).toEqual([
      ['decision', 'Strategy', true],
      ['decision', 'Region', false],
      ['decision', 'Dry run first?', false],
      ['decision', 'Checks', false],
      ['fact', 'Release name', true],
      ['fact', 'Replicas', true],
      ['fact', 'Traffic share for the canary', false],
      // Nothing goes to the agent until the person accepts, required fields or not (ACP: review before sending).
      ['decision', 'Send these answers to the agent?', undefined], // required: an ask's default
    ]);
    const [strategy, region, dryRun, checks, name, replicas, ratio] = card.content.asks as Array<Record<string, unknown>>;
    expect(strategy!.options).toEqual([{ label: 'conservative' }, { label: 'balanced' }, { label: 'aggressive' }]);
    expect(region!.options).toEqual([{ label: 'Ireland', consequence: 'Closest to most users' }, { label: 'Virginia' }]);
    expect(dryRun!.options).toEqual([{ label: 'Yes' }, { label: 'No' }]);
    expect(dryRun!.context).toBe("The agent's default: Yes.");
    expect(checks).toMatchObject({ multiple: true, min: 1, max: 2 });
    expect(name!.context).toBe('Shown in the changelog\nAt most 40 characters.\nMust match the pattern ^[a-z-]+$');
    expect(replicas!.context).toBe('A whole number from 1 to 9.');
    expect(ratio!.context).toBe('A number.');
    expect(card.fields.map((field) => field.key)).toEqual(['strategy', 'region', 'dryRun', 'checks', 'name', 'replicas', 'ratio']);
  });

  it('a form with nothing required (or no field at all) ends with the required Accept / Decline ask too', () => {
    const optional = elicitationCard(form({ type: 'object', properties: { note: { type: 'string' } } }));
    if (optional.mode !== 'form') throw new Error(optional.mode);
    expect(optional.content.asks.map((ask) => [ask.kind, ask.prompt, ask.required ?? true])).toEqual([
      ['fact', 'note', false],
      ['decision', 'Send these answers to the agent?', true],
    ]);
    const empty = elicitationCard(form({ type: 'object' }, 'Go ahead with the migration?'));
    if (empty.mode !== 'form') throw new Error(empty.mode);
    expect(empty.content.asks.map((ask) => ask.prompt)).toEqual(['Accept?']);
  });

  it('a long message is cut for the question and kept whole in the context', () => {
    const message = `Please ${'really '.repeat(200)}confirm`;
    const card = elicitationCard(form({ type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] }, message));
    if (card.mode !== 'form') throw new Error(card.mode);
    expect([...card.content.question]).toHaveLength(1000);
    expect(card.content.question.endsWith('…')).toBe(true);
    expect(card.content.context).toContain(message);
  });

  it('what Cast cannot show is unaskable, with the reason: an unknown type, a bad pattern, too many fields, labels alike', () => {
    const why = (schema: ElicitationSchema) => {
      const card = elicitationCard(form(schema));
      return card.mode === 'unaskable' ? card.why : null;
    };
    expect(why({ properties: { x: { type: '_colour' } } })).toContain('x is of a kind Cast cannot ask (_colour)');
    expect(why({ properties: { x: { type: 'string', pattern: '([' } } })).toContain("x's pattern is not a regular expression");
    const many = Object.fromEntries(Array.from({ length: 11 }, (_, n) => [`f${n}`, { type: 'string' as const }]));
    expect(why({ properties: many, required: ['f0'] })).toContain('the form has 11 fields');
    expect(why({ properties: { x: { type: 'string', enum: ['Yes', 'yes'] } } })).toContain('Cast cannot file it as a card');
    expect(why({ properties: { x: { type: 'string', enum: ['only'] } } })).toContain('Cast cannot file it as a card');
  });
});

describe('issue 43: an ACP URL question as a Cast card', () => {
  const url = (address: string): CreateElicitationRequest => ({
    sessionId: 's-1',
    mode: 'url',
    elicitationId: 'e-1',
    url: address,
    message: 'Authorize GitHub access',
  });

  it('shows the whole URL and its host as text, and asks "Opened it and finished" or "Decline"', () => {
    const card = elicitationCard(url('https://agent.example.com/connect?elicitationId=e-1'), 'Example agent');
    if (card.mode !== 'url') throw new Error(card.mode);
    expect(card.content.question).toBe('Authorize GitHub access');
    expect(card.content.context).toContain('https://agent.example.com/connect?elicitationId=e-1');
    expect(card.content.context).toContain('Host: agent.example.com');
    expect(card.content.context).toContain('Cast does not open it');
    expect(card.content.asks).toEqual([
      expect.objectContaining({
        kind: 'decision',
        options: [expect.objectContaining({ label: 'Opened it and finished' }), expect.objectContaining({ label: 'Decline' })],
      }),
    ]);
  });

  it('warns of a Punycode host and of plain http; refuses what is not a web address', () => {
    const punycode = elicitationCard(url('http://xn--gthub-2ua.com/login'));
    if (punycode.mode !== 'url') throw new Error(punycode.mode);
    expect(punycode.content.context).toContain('Punycode');
    expect(punycode.content.context).toContain('not https (http:)');
    expect(elicitationCard(url('javascript:alert(1)'))).toMatchObject({ mode: 'unaskable' });
    expect(elicitationCard(url('not a url'))).toMatchObject({ mode: 'unaskable' });
  });
});
