/** `/api/v1/me/slack` and `/api/v1/settings/slack` (declared in domain/routes/slack.ts; issue 40 item 4). */
import type { Pool } from '../../db/pool';
import { getSlackLink, putSlackWorkspaceChannel, slackWorkspaceChannel } from '../../db/slack';
import { slackRoutes } from '../../domain/routes/slack';
import type { SlackApi } from '../../slack/slack-api';
import { reply, type Handlers } from '../mount-routes';
import { linkSlackUser, slackLinkView, unlinkSlackUser } from '../services/slack-links';

export function slackHandlers(deps: { pool: Pool; slack: SlackApi | null }): Handlers<typeof slackRoutes> {
  const configured = deps.slack !== null;
  return {
    getMySlack: async (_input, { principal }) => ({
      configured,
      link: slackLinkView(await getSlackLink(deps.pool, principal.workspaceId, principal.memberId)),
    }),
    linkMySlack: async ({ body }, { principal }) => ({
      configured,
      link: await linkSlackUser(deps, principal, body.slackUserId),
    }),
    unlinkMySlack: async (_input, { principal }) => {
      await unlinkSlackUser(deps, principal);
      return reply(slackRoutes.unlinkMySlack, { status: 204, body: undefined });
    },
    getSlackSettings: async (_input, { principal }) => ({
      configured,
      channel: await slackWorkspaceChannel(deps.pool, principal.workspaceId),
    }),
    updateSlackSettings: async ({ body }, { principal }) => {
      await putSlackWorkspaceChannel(deps.pool, principal.workspaceId, body.channel);
      return { configured, channel: body.channel };
    },
  };
}
