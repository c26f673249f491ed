/**
 * A P-256 key and a one-day self-signed certificate, made now with Debian's openssl, for a
 * stand-in that speaks TLS on loopback (the push service, the reverse proxy). Each name is in
 * its subjectAltName, an IP address as `IP:`, anything else as `DNS:`; the first is its CN.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { isIP } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { debianBinary } from './debian-package';

export async function selfSignedCertificate(names: readonly string[]): Promise<{ cert: string; key: string }> {
  const openssl = await debianBinary('openssl', 'openssl');
  const dir = mkdtempSync(join(tmpdir(), 'cast-cert-'));
  try {
    execFileSync(
      openssl,
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-subj',
        `/CN=${names[0]}`,
        '-addext',
        `subjectAltName=${names.map((name) => `${isIP(name) ? 'IP' : 'DNS'}:${name}`).join(',')}`,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    return { cert: readFileSync(join(dir, 'cert.pem'), 'utf8'), key: readFileSync(join(dir, 'key.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
