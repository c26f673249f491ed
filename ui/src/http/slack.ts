/** `/api/v1/me/slack` (issue 40 item 4): the signed-in person's Slack link. */
import { slackRoutes } from '../../../domain/routes/slack';
import { call } from './call';

export const getMySlack = () => call(slackRoutes.getMySlack, {});
export const linkMySlack = (slackUserId: string) => call(slackRoutes.linkMySlack, { body: { slackUserId } });
export const unlinkMySlack = () => call(slackRoutes.unlinkMySlack, {});
