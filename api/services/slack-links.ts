/**
 * Linking a member's Slack user (issue 40 item 4). Cast maps a Slack user to a member only
 * through a link the member made, and only once that Slack user agreed from Slack: the member
 * gives their Slack member id here, Cast sends that user a direct message with a "Link" button
 * whose value holds a one-time code, and the press — signed by Slack, from that user — confirms
 * it (confirmSlackLinkFromSlack). So pasting someone else's id links nothing, and no OAuth
 * sign-in (a public redirect URL, client secrets) is needed to set it up.
 */
import { createHash, randomBytes } from 'node:crypto';
import { getNotificationSettings, putNotificationSettings } from '../../db/notification-settings';
import type { Pool } from '../../db/pool';
import { confirmSlackLink, pendingSlackLink, removeSlackLink, requestSlackLink, type SlackLink } from '../../db/slack';
import { getMember, type MemberRef } from '../../db/tenancy';
import { DomainError } from '../../domain/errors';
import type { SlackLinkView } from '../../domain/notifications/slack-schema';
import { encodeActionValue } from '../../slack/action-value';
import { BLOCK_KIT_LIMITS, plain } from '../../slack/block-kit';
import { slackRefusal, type SlackApi } from '../../slack/slack-api';

/** A link not confirmed within a day is void: the message may have sat in a DM nobody reads. */
export const SLACK_LINK_CODE_TTL_MS = 24 * 60 * 60 * 1000;

export const LINK_ACTION_ID = 'cast-link-confirm';

export type SlackDeps = { pool: Pool; slack: SlackApi | null };

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

export function slackLinkView(link: SlackLink | null): SlackLinkView | null {
  if (!link) return null;
  return { ...link, status: link.linkedAt ? 'linked' : 'pending' };
}

export async function linkSlackUser(deps: SlackDeps, principal: MemberRef, slackUserId: string): Promise<SlackLinkView> {
  if (!deps.slack) throw notConfigured();
  const member = await getMember(deps.pool, principal.workspaceId, principal.memberId);
  const code = randomBytes(24).toString('base64url');
  const text = `${member?.name ?? 'Someone'} asked Cast to send decisions that need them to this Slack account, and to take their answers from here. If that is you, press Link. If not, ignore this message.`;
  try {
    const dm = await deps.slack.openDm(slackUserId);
    await deps.slack.post(dm, {
      text: 'Link this Slack account to Cast?',
      blocks: [
        { type: 'section', text: plain(text, BLOCK_KIT_LIMITS.sectionText) },
        {
          type: 'actions',
          block_id: 'link',
          elements: [
            {
              type: 'button',
              text: plain('Link', BLOCK_KIT_LIMITS.buttonText),
              action_id: LINK_ACTION_ID,
              value: encodeActionValue({ t: 'link', c: code }),
              style: 'primary',
            },
          ],
        },
      ],
    });
  } catch (error) {
    const refusal = slackRefusal(error);
    if (refusal === 'user_not_found' || refusal === 'user_disabled' || refusal === 'cannot_dm_bot') {
      throw new DomainError(
        'slack_user_not_found',
        `Slack has no user ${slackUserId} that Cast's app can message (${refusal}); nothing was linked.`,
      );
    }
    throw new DomainError(
      'slack_unavailable',
      `Slack did not take the message (${refusal ?? 'unreachable'}); nothing was linked. Try again.`,
      {
        retryAfterSeconds: 30,
      },
    );
  }
  const link = await requestSlackLink(deps.pool, { ...principal, slackUserId, codeHash: hashCode(code) });
  return slackLinkView(link)!;
}

export async function unlinkSlackUser(deps: Pick<SlackDeps, 'pool'>, principal: MemberRef): Promise<void> {
  await removeSlackLink(deps.pool, principal.workspaceId, principal.memberId);
  await setSlackEnabled(deps.pool, principal.workspaceId, principal.memberId, false);
}

/**
 * The press of "Link" in Slack: confirmed only when the Slack user pressing is the one the member
 * named, within the code's lifetime. Answers the sentence Slack shows the presser.
 */
export async function confirmSlackLinkFromSlack(
  pool: Pool,
  press: { code: string; teamId: string; slackUserId: string },
  now = new Date(),
): Promise<string> {
  const codeHash = hashCode(press.code);
  const pending = await pendingSlackLink(pool, codeHash);
  if (!pending) return 'This link request was replaced or already used; nothing changed. Start again from Cast’s notifications page.';
  if (pending.slackUserId !== press.slackUserId) return 'This link request is for another Slack user; nothing changed.';
  if (now.getTime() - pending.requestedAt.getTime() > SLACK_LINK_CODE_TTL_MS) {
    return 'This link request expired; nothing changed. Start again from Cast’s notifications page.';
  }
  if (!(await confirmSlackLink(pool, codeHash, press.teamId))) return 'This link request was already used; nothing changed.';
  await setSlackEnabled(pool, pending.workspaceId, pending.memberId, true);
  const member = await getMember(pool, pending.workspaceId, pending.memberId);
  return `Linked: decisions that need ${member?.name ?? 'you'} come here now, and your answers here count as theirs in Cast.`;
}

async function setSlackEnabled(pool: Pool, workspaceId: string, memberId: string, enabled: boolean): Promise<void> {
  const settings = await getNotificationSettings(pool, workspaceId, memberId);
  if (settings.slack.enabled !== enabled)
    await putNotificationSettings(pool, workspaceId, memberId, { ...settings, slack: { ...settings.slack, enabled } });
}

export function notConfigured(): DomainError {
  return new DomainError(
    'slack_not_configured',
    'This Cast has no Slack app: its operator sets CAST_SLACK_BOT_TOKEN and CAST_SLACK_SIGNING_SECRET to turn Slack on.',
  );
}
