/**
 * Issue 40 item 4 — the Slack pieces that need no Slack: Cast's v0 signature check against
 * Slack's own worked example and its five-minute tolerance; a decision rendered as Block Kit
 * within Slack's documented limits (checked with the stand-in's schema, written from Slack's
 * reference), whatever the agent wrote; the settings refused by name when half-set.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DecisionView } from '../../domain/decision';
import { EnvError, loadEnv } from '../../runtime/env';
import { decodeActionValue } from '../../slack/action-value';
import type { Button } from '../../slack/block-kit';
import { decisionMessage } from '../../slack/decision-message';
import { verifySlackRequest } from '../../slack/request-signature';
import { MessageBlocks } from '../support/slack/block-kit-schema';

// The worked example on docs.slack.dev, "Verifying requests from Slack".
const DOC = {
  secret: '8f742231b10e8888abcd99yyyzzz85a5',
  timestamp: '1531420618',
  body: 'token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text=&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c',
  signature: 'v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503',
};
const at = (seconds: number) => new Date((Number(DOC.timestamp) + seconds) * 1000);
const verify = (change: Partial<Parameters<typeof verifySlackRequest>[0]> = {}) =>
  verifySlackRequest({
    signingSecret: DOC.secret,
    timestamp: DOC.timestamp,
    signature: DOC.signature,
    rawBody: Buffer.from(DOC.body),
    now: at(60),
    ...change,
  });

describe("issue 40 item 4: Slack's request signature", () => {
  it("issue 40 item 4: Slack's worked example verifies; a changed body, secret or signature is forged", () => {
    expect(verify()).toBe('ok');
    expect(verify({ rawBody: Buffer.from(DOC.body.replace('foobar', 'foobaz')) })).toBe('forged');
    expect(verify({ signingSecret: `${DOC.secret}x` })).toBe('forged');
    expect(verify({ signature: DOC.signature.slice(0, -1) })).toBe('forged');
    expect(verify({ signature: 'v1=' + DOC.signature.slice(3) })).toBe('forged');
    expect(verify({ signature: undefined })).toBe('missing');
    expect(verify({ timestamp: undefined })).toBe('missing');
    expect(verify({ timestamp: '1531420618.5' })).toBe('forged');
  });

  it('issue 40 item 4: a timestamp more than five minutes away, either side, is stale however it is signed', () => {
    expect(verify({ now: at(300) })).toBe('ok');
    expect(verify({ now: at(301) })).toBe('stale');
    expect(verify({ now: at(-301) })).toBe('stale');
  });
});

function decision(change: Partial<DecisionView> = {}): Parameters<typeof decisionMessage>[0]['decision'] {
  return {
    id: 'sd-12',
    question: 'Which data feed tier do we buy?',
    context: 'The research agent needs hourly prices.',
    status: 'open',
    mode: 'blocking',
    revision: 3,
    source: null,
    asks: [
      {
        kind: 'decision',
        position: 1,
        prompt: 'Which feed tier?',
        required: true,
        multiple: false,
        options: [{ label: 'Basic' }, { label: 'Pro', recommended: true }],
        status: 'open',
        answer: null,
      },
    ],
    ...change,
  } as Parameters<typeof decisionMessage>[0]['decision'];
}

const buttonsOf = (blocks: ReturnType<typeof decisionMessage>['blocks']): Button[] =>
  blocks.flatMap((block) => (block.type === 'actions' ? block.elements : []));

describe('issue 40 item 4: a decision as a Slack message', () => {
  it('issue 40 item 4: buttons carry workspace, decision, ask, answer and revision; a recommended option is primary', () => {
    const message = decisionMessage({ workspaceId: 'ws-1', decision: decision(), publicUrl: 'https://cast.example.com/', names: {} });
    expect(MessageBlocks.safeParse(message.blocks).error?.message).toBeUndefined();
    const [basic, pro, open] = buttonsOf(message.blocks);
    expect(decodeActionValue(basic!.value)).toEqual({ t: 'answer', w: 'ws-1', d: 'sd-12', a: 1, r: 3, o: 1 });
    expect(pro).toMatchObject({ text: { text: 'Pro' }, style: 'primary' });
    expect(open).toMatchObject({ text: { text: 'Open in Cast' }, url: 'https://cast.example.com/decisions/sd-12' });
    expect(message.text).toBe('Cast needs you: Which data feed tier do we buy?');
  });

  it("issue 40 item 4: the longest decision an agent can file still fits Slack's limits; what buttons cannot answer links to Cast", () => {
    const long = (n: number, c = 'x') => c.repeat(n);
    const options = Array.from({ length: 25 }, (_, i) => ({ label: `${i + 1} ${long(198)}` }));
    const asks = [
      { kind: 'decision', position: 1, prompt: long(1000), required: true, multiple: false, options, status: 'open', answer: null },
      {
        kind: 'decision',
        position: 2,
        prompt: 'Pick some',
        required: true,
        multiple: true,
        options: options.slice(0, 3),
        status: 'open',
        answer: null,
      },
      { kind: 'fact', position: 3, prompt: 'What is the budget?', required: true, status: 'open', answer: null },
      ...Array.from({ length: 7 }, (_, i) => ({
        kind: 'approval',
        position: 4 + i,
        prompt: long(1000, '<&>'),
        required: true,
        action: { kind: 'other', summary: 'x' },
        risks: [],
        status: 'open',
        answer: null,
      })),
    ];
    const message = decisionMessage({
      workspaceId: 'ws-1',
      decision: decision({ question: long(2000, 'q'), context: long(20_000, 'c'), asks: asks as DecisionView['asks'] }),
      publicUrl: `https://cast.example.com/${long(100)}`,
      names: {},
    });
    expect(MessageBlocks.safeParse(message.blocks).error?.message).toBeUndefined();
    const first = buttonsOf(message.blocks).filter((button) => button.action_id.startsWith('cast-answer-1-'));
    expect(first).toHaveLength(25);
    expect([...first[0]!.text.text]).toHaveLength(75);
    expect(buttonsOf(message.blocks).some((button) => button.action_id.startsWith('cast-answer-2-'))).toBe(false);
    expect(JSON.stringify(message.blocks).match(/Answer this one in Cast\./g)).toHaveLength(2);
  });

  it("issue 40 item 4: a host's permission prompt is Allow / Deny; an answered ask says by whom and where; a closed decision has no buttons", () => {
    const approval = {
      kind: 'approval',
      position: 1,
      prompt: 'Allow Bash?',
      required: true,
      action: { kind: 'other', summary: 'rm -rf build' },
      risks: [],
      status: 'open',
      answer: null,
    } as unknown as DecisionView['asks'][number];
    const source = { kind: 'permission', id: 'hp-1', tool: 'Bash', lastAssistantMessage: null, pinned: null } as DecisionView['source'];
    const asked = decisionMessage({ workspaceId: 'ws-1', decision: decision({ asks: [approval], source }), names: {} });
    expect(buttonsOf(asked.blocks).map((button) => [button.text.text, button.style])).toEqual([
      ['Allow', 'primary'],
      ['Deny', 'danger'],
    ]);

    const answer = {
      value: { kind: 'approval', decision: 'approve' },
      reason: null,
      answeredBy: 'm-dana',
      answeredAt: '2026-12-04T04:00:00.000Z',
      provenance: { actor: { kind: 'member', id: 'm-dana' }, channel: 'email', inputDigest: `sha256:${'0'.repeat(64)}`, digestOf: 'ask' },
    };
    const answered = decisionMessage({
      workspaceId: 'ws-1',
      decision: decision({
        status: 'resolved',
        asks: [{ ...approval, status: 'answered', answer } as DecisionView['asks'][number]],
        source,
      }),
      names: { 'm-dana': 'Dana' },
    });
    expect(MessageBlocks.safeParse(answered.blocks).success).toBe(true);
    expect(JSON.stringify(answered.blocks)).toContain('Answered by Dana from an email: Approved');
    expect(buttonsOf(answered.blocks)).toEqual([]);

    const withdrawn = decisionMessage({ workspaceId: 'ws-1', decision: decision({ status: 'withdrawn' }), names: {}, expired: true });
    expect(buttonsOf(withdrawn.blocks)).toEqual([]);
    expect(JSON.stringify(withdrawn.blocks)).toContain('Nobody answered in time');
  });
});

describe('issue 40 item 4: Slack settings', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cast-env-slack-'));
  const isolated = { HOME: dir, XDG_CONFIG_HOME: dir };
  const token = 'xoxb-1234-5678-abcdef';
  const secret = '0123456789abcdef0123456789abcdef';

  it('issue 40 item 4: both set turn Slack on; neither leaves it off; half a pair stops the process naming the missing one', () => {
    expect(loadEnv(isolated).slack).toBeNull();
    expect(loadEnv({ ...isolated, CAST_SLACK_BOT_TOKEN: ' ', CAST_SLACK_SIGNING_SECRET: '' }).slack).toBeNull();
    expect(loadEnv({ ...isolated, CAST_SLACK_BOT_TOKEN: token, CAST_SLACK_SIGNING_SECRET: secret }).slack).toEqual({
      botToken: token,
      signingSecret: secret,
      apiUrl: 'https://slack.com/api/',
    });
    expect(() => loadEnv({ ...isolated, CAST_SLACK_BOT_TOKEN: token })).toThrow(EnvError);
    expect(() => loadEnv({ ...isolated, CAST_SLACK_BOT_TOKEN: token })).toThrow(
      /CAST_SLACK_SIGNING_SECRET: must be set with CAST_SLACK_BOT_TOKEN/,
    );
    expect(() => loadEnv({ ...isolated, CAST_SLACK_SIGNING_SECRET: secret })).toThrow(
      /CAST_SLACK_BOT_TOKEN: must be set with CAST_SLACK_SIGNING_SECRET/,
    );
    expect(() => loadEnv({ ...isolated, CAST_SLACK_BOT_TOKEN: 'xoxp-user-token', CAST_SLACK_SIGNING_SECRET: secret })).toThrow(
      /CAST_SLACK_BOT_TOKEN: must be a Slack bot token/,
    );
    expect(
      loadEnv({
        ...isolated,
        CAST_SLACK_BOT_TOKEN: token,
        CAST_SLACK_SIGNING_SECRET: secret,
        CAST_SLACK_API_URL: 'https://slack-gov.com/api',
      }).slack?.apiUrl,
    ).toBe('https://slack-gov.com/api/');
  });
});
