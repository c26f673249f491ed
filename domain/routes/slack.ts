/**
 * `/api/v1/me/slack` and `/api/v1/settings/slack` (issue 40 item 4): a member links their Slack
 * user (Cast sends that user a message with a "Link" button; the press confirms it), and the
 * workspace may choose a channel to post decisions in instead of each member's DM. Slack's own
 * requests arrive at `/slack/interactivity`, outside `/api/v1` (api/routes/slack-interactivity.ts).
 */
import { MySlack, SlackLinkBody, SlackWorkspaceBody, SlackWorkspaceSettings } from '../notifications/slack-schema';
import { route } from './route';

const tag = 'Slack';

const getMySlack = route({
  tag,
  method: 'get',
  path: '/me/slack',
  operationId: 'getMySlack',
  summary: 'Your Slack link',
  description: 'Whether this Cast has a Slack app, and the Slack user you linked (pending until you press "Link" in Slack).',
  ok: { status: 200, description: 'Your link, or null.', schema: MySlack },
  permission: 'profile.own',
});

const linkMySlack = route({
  tag,
  method: 'put',
  path: '/me/slack',
  operationId: 'linkMySlack',
  summary: 'Link your Slack user',
  description:
    'Sends the Slack user a direct message with a "Link" button; the link holds once that Slack user presses it (so ' +
    "nobody can link someone else's Slack account), and Slack notifications turn on. Replaces any earlier link.",
  body: { schema: SlackLinkBody },
  ok: { status: 200, description: 'The pending link.', schema: MySlack },
  errors: ['slack_not_configured', 'slack_user_not_found', 'slack_unavailable'],
  permission: 'profile.own',
});

const unlinkMySlack = route({
  tag,
  method: 'delete',
  path: '/me/slack',
  operationId: 'unlinkMySlack',
  summary: 'Unlink your Slack user',
  description: 'Slack presses from that user answer nothing from now on, and Slack notifications turn off.',
  ok: { status: 204, description: 'Unlinked (or there was no link).' },
  permission: 'profile.own',
});

const getSlackSettings = route({
  tag,
  method: 'get',
  path: '/settings/slack',
  operationId: 'getSlackSettings',
  summary: "The workspace's Slack channel",
  ok: { status: 200, description: 'The settings.', schema: SlackWorkspaceSettings },
  permission: 'workspace.read',
});

const updateSlackSettings = route({
  tag,
  method: 'put',
  path: '/settings/slack',
  operationId: 'updateSlackSettings',
  summary: "Choose the workspace's Slack channel",
  description:
    'A channel id posts each decision once there (Cast’s app must be a member of it) instead of in each member’s DM; null goes back to DMs.',
  body: { schema: SlackWorkspaceBody },
  ok: { status: 200, description: 'The settings.', schema: SlackWorkspaceSettings },
  permission: 'settings.manage',
});

export const slackRoutes = { getMySlack, linkMySlack, unlinkMySlack, getSlackSettings, updateSlackSettings };
