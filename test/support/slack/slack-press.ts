/**
 * Interactivity requests as Slack sends them to an app's Request URL: a `block_actions` payload
 * JSON-encoded in the form field `payload`, signed v0 — `v0=` + hex HMAC-SHA256 of
 * `v0:{timestamp}:{body}` with the app's signing secret — in `X-Slack-Signature`, beside
 * `X-Slack-Request-Timestamp`. Written from Slack's "Verifying requests from Slack", apart from
 * Cast's verifier, so the two are checked against each other.
 */
import { createHmac } from 'node:crypto';

export type PressOf = { user: string; team: string; channel: string; actionId: string; value: string; messageTs?: string };

export function blockActionsPayload(press: PressOf): Record<string, unknown> {
  const actionTs = `${Date.now() / 1000}`;
  return {
    type: 'block_actions',
    user: { id: press.user, username: 'dana', name: 'dana', team_id: press.team },
    api_app_id: 'A0STANDIN',
    token: 'deprecated-verification-token',
    container: { type: 'message', message_ts: press.messageTs ?? '1.0', channel_id: press.channel, is_ephemeral: false },
    trigger_id: `${Date.now()}.trigger`,
    team: { id: press.team, domain: 'example' },
    channel: { id: press.channel, name: 'directmessage' },
    response_url: 'https://hooks.slack.com/actions/T0/1/standin',
    actions: [
      {
        type: 'button',
        action_id: press.actionId,
        block_id: 'ask-1',
        value: press.value,
        action_ts: actionTs,
        text: { type: 'plain_text', text: 'x' },
      },
    ],
  };
}

export type SignedRequest = { body: string; headers: Record<string, string> };

/** The request Slack would send with this payload; `at` is the signing moment (seconds), `secret` the key it is signed with. */
export function signedBySlack(payload: unknown, secret: string, at?: number): SignedRequest {
  return signedBody(new URLSearchParams({ payload: JSON.stringify(payload) }).toString(), secret, at);
}

/** Any body, signed as Slack signs: `v0=` + hex HMAC-SHA256 of `v0:{timestamp}:{body}`. */
export function signedBody(body: string, secret: string, at = Math.floor(Date.now() / 1000)): SignedRequest {
  const timestamp = String(at);
  const signature = `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
  return {
    body,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-slack-request-timestamp': timestamp,
      'x-slack-signature': signature,
      'user-agent': 'Slackbot 1.0 (+https://api.slack.com/robots)',
    },
  };
}
