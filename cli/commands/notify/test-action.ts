/** What `cast notify test <channel>` does: asks Cast to send you a test message on that channel. */
import { MemberChannel } from '../../../domain/notifications/delivery';
import { notificationRoutes } from '../../../domain/routes/notifications';
import { emit, usageError } from '../../output';
import { connect } from '../decide/target';

export async function run(channel: string, opts: { json?: boolean }): Promise<void> {
  const name = channel.trim().toLowerCase();
  if (!(MemberChannel as readonly string[]).includes(name))
    throw usageError(`The channel is one of ${MemberChannel.join(', ')}: cast notify test email.`);
  const sent = await connect().request(notificationRoutes.testNotification, { body: { channel: name as MemberChannel } });
  emit(
    Boolean(opts.json),
    [`A test message is on its way on ${sent.channel}.`, `See how it went: cast notify log --channel ${sent.channel}`],
    sent,
  );
}
