/**
 * Cast's VAPID key pair (issue 40 item 2, migration 0032): made on first need by whichever process
 * gets there first, so every API hands browsers the same public key and every worker signs with
 * the matching private one. Keys are P-256, base64url as `web-push` and browsers take them.
 */
import { createECDH } from 'node:crypto';
import type { Queryable } from './pool';

export type VapidKeys = { publicKey: string; privateKey: string };

const CURRENT_KEY = 'current';

function generate(): VapidKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  // A private key with leading zero bytes comes back shorter; web-push wants all 32.
  const secret = ecdh.getPrivateKey();
  const privateKey = Buffer.concat([Buffer.alloc(32 - secret.length), secret]).toString('base64url');
  return { publicKey: ecdh.getPublicKey('base64url'), privateKey };
}

export async function storedVapidKeys(db: Queryable): Promise<VapidKeys> {
  const made = generate();
  await db.query('insert into vapid_keys (id, public_key, private_key) values ($1, $2, $3) on conflict (id) do nothing', [
    CURRENT_KEY,
    made.publicKey,
    made.privateKey,
  ]);
  const { rows } = await db.query<VapidKeys>(
    'select public_key as "publicKey", private_key as "privateKey" from vapid_keys where id = $1',
    [CURRENT_KEY],
  );
  return rows[0]!;
}
