/** What `cast notify set` does: reads your settings, applies the flags, and sends the whole document back. */
import { notificationRoutes } from '../../../domain/routes/notifications';
import { emit, usageError } from '../../output';
import { connect } from '../decide/target';
import { settingsLines } from './present';
import { applyFlags, FlagError, namesAny, type NotifySetOptions } from './settings-flags';

export async function run(opts: NotifySetOptions): Promise<void> {
  if (!namesAny(opts)) throw usageError('Name a setting to change, e.g. cast notify set --digest daily --hour 8 (cast notify set --help).');
  const api = connect();
  const { settings } = await api.request(notificationRoutes.getNotifications, {});
  let next;
  try {
    next = applyFlags(settings, opts);
  } catch (error) {
    if (error instanceof FlagError) throw usageError(error.message);
    throw error;
  }
  const view = await api.request(notificationRoutes.putNotifications, { body: next });
  emit(Boolean(opts.json), ['Saved.', ...settingsLines(view)], view);
}
