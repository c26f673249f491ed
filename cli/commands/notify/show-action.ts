/** What `cast notify` (and `cast notify show`) does: prints your notification settings. */
import { notificationRoutes } from '../../../domain/routes/notifications';
import { emit } from '../../output';
import { connect } from '../decide/target';
import { settingsLines } from './present';

export async function run(opts: { json?: boolean }): Promise<void> {
  const view = await connect().request(notificationRoutes.getNotifications, {});
  emit(Boolean(opts.json), settingsLines(view), view);
}
