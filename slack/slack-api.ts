/**
 * The Slack Web API calls Cast makes, through Slack's own client (`@slack/web-api`), pointed at
 * the settings' URL (Slack's, or a stand-in on loopback in the tests). Few retries, briefly: the
 * notifier hands events on one after another, so a Slack outage must fail a delivery (written in
 * the delivery log with Slack's error) rather than hold every channel behind it for half an hour.
 */
import { LogLevel, WebClient, type Logger as SlackLogger } from '@slack/web-api';
import type { SlackSettings } from '../runtime/slack-settings';
import type { SlackMessage } from './block-kit';

export type PostedMessage = { channel: string; ts: string };

export interface SlackApi {
  /** The DM channel between Cast's bot and a Slack user (conversations.open). */
  openDm(slackUserId: string): Promise<string>;
  post(channel: string, message: SlackMessage, options?: { threadTs?: string }): Promise<PostedMessage>;
  update(channel: string, ts: string, message: SlackMessage): Promise<void>;
  /** A reply only `slackUserId` sees, in the channel they pressed in. */
  postEphemeral(channel: string, slackUserId: string, text: string): Promise<void>;
}

/** Slack's client logs to the console by default; Cast's processes log JSON, so it says nothing. */
const quiet: SlackLogger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
  setLevel: () => {},
  getLevel: () => LogLevel.ERROR,
  setName: () => {},
};

export function slackApi(settings: SlackSettings): SlackApi {
  const client = new WebClient(settings.botToken, {
    slackApiUrl: settings.apiUrl,
    // Method names are never absolute URLs here; a stand-in's or GovSlack's base is always used.
    allowAbsoluteUrls: false,
    logger: quiet,
    retryConfig: { retries: 2, factor: 2, minTimeout: 200, maxTimeout: 2_000 },
    rejectRateLimitedCalls: true,
    timeout: 10_000,
  });
  return {
    async openDm(slackUserId) {
      const opened = await client.conversations.open({ users: slackUserId });
      const id = opened.channel?.id;
      if (!id) throw new Error('Slack opened no DM channel (conversations.open returned no channel id).');
      return id;
    },
    async post(channel, message, options = {}) {
      const posted = await client.chat.postMessage({
        channel,
        text: message.text,
        blocks: message.blocks,
        unfurl_links: false,
        unfurl_media: false,
        ...(options.threadTs ? { thread_ts: options.threadTs } : {}),
      });
      if (!posted.ts || !posted.channel) throw new Error('Slack posted no message (chat.postMessage returned no ts).');
      return { channel: posted.channel, ts: posted.ts };
    },
    async update(channel, ts, message) {
      await client.chat.update({ channel, ts, text: message.text, blocks: message.blocks });
    },
    async postEphemeral(channel, slackUserId, text) {
      await client.chat.postEphemeral({ channel, user: slackUserId, text });
    },
  };
}

/** Slack's own error name (`user_not_found`, `channel_not_found`…) when Slack refused a call, else null (unreachable, timed out). */
export function slackRefusal(error: unknown): string | null {
  const data = (error as { code?: unknown; data?: { error?: unknown } }).data;
  return (error as { code?: unknown }).code === 'slack_webapi_platform_error' && typeof data?.error === 'string' ? data.error : null;
}
