/**
 * A hook's client to Cast: the signed-in connection, as the host's own channel — a card a hook
 * withdraws because the call was answered in the host's terminal is recorded as `host-terminal`.
 */
import { connection } from '../../config';
import { client, type Client } from '../../http';

export const hostClient = (): Client => client(connection(), { channel: 'host-terminal' });
