/**
 * `POST /slack/interactivity` (issue 40 item 4): Slack's Request URL for Cast's app, where Slack
 * sends a press of a message's button. Mounted outside `/api/v1`'s token authentication, as the
 * answer-link pages are: the credential is Slack's signature over the raw body (checked before
 * anything else is read), and the person is the member the Slack user linked to. Slack wants a
 * 200 within three seconds; what happened goes back to the presser as a message only they see.
 */
import express, { Router } from 'express';
import type { Pool } from '../../db/pool';
import { DomainError } from '../../domain/errors';
import type { Logger } from '../../runtime/logger';
import type { SlackSettings } from '../../runtime/slack-settings';
import { decodeActionValue } from '../../slack/action-value';
import { BlockActionsPayload, InteractivityPayload, channelOf, teamOf } from '../../slack/interactivity-payload';
import { verifySlackRequest } from '../../slack/request-signature';
import type { SlackApi } from '../../slack/slack-api';
import type { TemporalGateway } from '../temporal-gateway';
import { answerFromSlack } from '../services/answer-from-slack';
import { confirmSlackLinkFromSlack } from '../services/slack-links';

export const SLACK_INTERACTIVITY_PATH = '/slack/interactivity';

export type SlackInteractivityDeps = {
  pool: Pool;
  temporal: TemporalGateway;
  logger: Logger;
  settings: SlackSettings | null;
  slack: SlackApi | null;
};

function invalid(message: string): DomainError {
  return new DomainError('invalid_request', message);
}

export function slackInteractivity(deps: SlackInteractivityDeps): Router {
  const router = Router();
  // The raw bytes, whatever the content type says: the signature is over them exactly as sent.
  router.post(SLACK_INTERACTIVITY_PATH, express.raw({ type: () => true, limit: '1mb' }), async (req, res) => {
    const { settings, slack } = deps;
    if (!settings || !slack) throw new DomainError('not_found', 'This Cast has no Slack app.');
    const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const verdict = verifySlackRequest({
      signingSecret: settings.signingSecret,
      timestamp: req.get('x-slack-request-timestamp'),
      signature: req.get('x-slack-signature'),
      rawBody,
      now: new Date(),
    });
    if (verdict === 'stale') {
      throw new DomainError(
        'slack_request_stale',
        'X-Slack-Request-Timestamp is more than five minutes from now; a replayed request is refused.',
      );
    }
    if (verdict !== 'ok') {
      throw new DomainError('slack_signature_invalid', 'X-Slack-Signature is missing or is not the signing secret’s HMAC of this request.');
    }
    const text = new URLSearchParams(rawBody.toString('utf8')).get('payload');
    if (!text) throw invalid('A Slack interactivity request carries its payload in the form field `payload`.');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw invalid('The `payload` field is not JSON.');
    }
    const parsed = InteractivityPayload.safeParse(json);
    if (!parsed.success) throw invalid('The `payload` field is not a Slack interaction payload.');
    const press = BlockActionsPayload.safeParse(parsed.data);
    if (!press.success && parsed.data.type === 'block_actions') throw invalid('The `block_actions` payload lacks what a press carries.');
    // Another interaction, or a press of a URL button ("Open in Cast"): Slack tells the app; nothing to do.
    const action = press.success ? press.data.actions[0]! : null;
    const value = decodeActionValue(action?.value);
    if (!press.success || !value) return void res.status(200).end();
    const payload = press.data;
    const teamId = teamOf(payload);
    if (!teamId) throw invalid('The payload names no Slack team.');
    const said =
      value.t === 'link'
        ? await confirmSlackLinkFromSlack(deps.pool, { code: value.c, teamId, slackUserId: payload.user.id })
        : await answerFromSlack(deps, {
            value,
            teamId,
            slackUserId: payload.user.id,
            actionTs: action!.action_ts ?? payload.trigger_id ?? '',
          });
    const channel = channelOf(payload);
    if (channel) {
      await slack.postEphemeral(channel, payload.user.id, said).catch((error: unknown) => {
        (req.log ?? deps.logger).warn({ err: error }, 'Slack did not take the reply to a press');
      });
    }
    res.status(200).end();
  });
  return router;
}
