/**
 * The cluster's TLS material, made with `openssl` for one run: the public frontend's CA with
 * its server and client certificates, a wrong CA with a client of its own, the internode
 * plane's CA and certificate, and the RSA key that signs API keys (api-keys.ts).
 */
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The name in the frontend's certificate (it is also valid for 127.0.0.1). */
export const SERVER_NAME = 'localhost';

export type Pair = { cert: string; key: string };
export type Certificates = {
  ca: Pair;
  server: Pair;
  client: Pair;
  wrongCa: Pair;
  otherClient: Pair;
  /** The internode plane (history, matching, internal-frontend, worker) has a CA of its own, so a
   * client certificate for the public frontend can never pass as a server component. */
  internodeCa: Pair;
  node: Pair;
  jwtKey: string;
};

/**
 * Everything with `openssl` under `dir`: P-256 keys (PKCS#8) and v3 certificates with explicit
 * extensions, which both Node's TLS (the client) and rustls (the worker's core) accept.
 */
export function makeCertificates(dir: string): Certificates {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // A minimal request config, so the machine's openssl.cnf adds no extensions of its own.
  writeFileSync(join(dir, 'req.cnf'), '[req]\ndistinguished_name = dn\n[dn]\n');
  const ca = certificateAuthority(dir, 'ca', 'Cast test CA');
  const internodeCa = certificateAuthority(dir, 'internode-ca', 'Cast test internode CA');
  const wrongCa = certificateAuthority(dir, 'wrong-ca', 'Cast test wrong CA');
  const hosts = `subjectAltName = DNS:${SERVER_NAME}, IP:127.0.0.1`;
  const jwtKey = join(dir, 'jwt.key');
  openssl(dir, ['genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', jwtKey]);
  return {
    ca,
    internodeCa,
    wrongCa,
    server: leaf(dir, 'server', SERVER_NAME, ca, ['extendedKeyUsage = serverAuth', hosts]),
    client: leaf(dir, 'client', 'cast-test-client', ca, ['extendedKeyUsage = clientAuth']),
    otherClient: leaf(dir, 'other-client', 'cast-test-other-client', wrongCa, ['extendedKeyUsage = clientAuth']),
    // Internode connections use one certificate both ways.
    node: leaf(dir, 'node', SERVER_NAME, internodeCa, ['extendedKeyUsage = serverAuth, clientAuth', hosts]),
    jwtKey,
  };
}

function certificateAuthority(dir: string, name: string, commonName: string): Pair {
  const pair = { cert: join(dir, `${name}.pem`), key: join(dir, `${name}.key`) };
  openssl(dir, [
    'req',
    '-x509',
    '-config',
    'req.cnf',
    ...newP256Key(pair.key),
    '-out',
    pair.cert,
    '-days',
    '7',
    '-subj',
    `/CN=${commonName}`,
    '-addext',
    'basicConstraints = critical, CA:TRUE',
    '-addext',
    'keyUsage = critical, keyCertSign, cRLSign',
    '-addext',
    'subjectKeyIdentifier = hash',
  ]);
  return pair;
}

function leaf(dir: string, name: string, commonName: string, issuer: Pair, extensions: string[]): Pair {
  const pair = { cert: join(dir, `${name}.pem`), key: join(dir, `${name}.key`) };
  const csr = join(dir, `${name}.csr`);
  const extfile = join(dir, `${name}.ext`);
  writeFileSync(
    extfile,
    [
      'basicConstraints = critical, CA:FALSE',
      'keyUsage = critical, digitalSignature',
      'subjectKeyIdentifier = hash',
      'authorityKeyIdentifier = keyid',
      ...extensions,
    ].join('\n') + '\n',
  );
  openssl(dir, ['req', '-new', '-config', 'req.cnf', ...newP256Key(pair.key), '-out', csr, '-subj', `/CN=${commonName}`]);
  openssl(dir, [
    'x509',
    '-req',
    '-in',
    csr,
    '-CA',
    issuer.cert,
    '-CAkey',
    issuer.key,
    '-set_serial',
    `0x${randomBytes(12).toString('hex')}`,
    '-days',
    '7',
    '-extfile',
    extfile,
    '-out',
    pair.cert,
  ]);
  return pair;
}

function newP256Key(keyFile: string): string[] {
  return ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', keyFile];
}

function openssl(cwd: string, args: string[]): void {
  try {
    execFileSync('openssl', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(`openssl ${args.slice(0, 2).join(' ')} failed: ${stderr || (error as Error).message}`, { cause: error });
  }
}
