/**
 * A TLS-terminating reverse proxy on loopback, as an operator puts in front of Cast: Debian's
 * nginx (test/support/nginx.ts) with a self-signed certificate for `names`, made now with
 * openssl. It rewrites Host to a name Cast never sees otherwise, says the scheme and the client
 * in X-Forwarded-Proto/For, and does not buffer, so server-sent events pass at once. The
 * location block is the README's "Behind a proxy" example.
 */
import { request } from 'node:https';
import { join } from 'node:path';
import { freeFixedPort } from '../../runtime/free-port';
import { startNginx, type RunningNginx } from './nginx';
import { selfSignedCertificate } from './self-signed';

export type TlsProxy = {
  port: number;
  nginx: RunningNginx;
  /** A request through the proxy from outside a browser (the certificate is the test's own), as to https://<names[0]>:<port>. */
  send(method: string, path: string, headers?: Record<string, string>, body?: string): Promise<{ status: number; body: string }>;
  stop(): Promise<void>;
};

/**
 * nginx on `127.0.0.1:<port>` serving `names` over TLS and proxying to `upstream`
 * (`http://127.0.0.1:7400`); `readTimeoutSeconds` is its `proxy_read_timeout` (60, nginx's default).
 */
export async function startTlsProxy(options: {
  names: string[];
  upstream: string;
  port?: number;
  readTimeoutSeconds?: number;
}): Promise<TlsProxy> {
  const port = options.port ?? (await freeFixedPort());
  const { cert, key } = await selfSignedCertificate(options.names);
  const nginx = await startNginx({
    ports: [port],
    files: { 'cert.pem': cert, 'key.pem': key },
    servers: (dir) => `
  server {
    listen 127.0.0.1:${port} ssl;
    server_name ${options.names.join(' ')};
    ssl_certificate ${join(dir, 'cert.pem')};
    ssl_certificate_key ${join(dir, 'key.pem')};
    location / {
      proxy_pass ${options.upstream};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host cast-internal;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_buffering off;
      proxy_read_timeout ${options.readTimeoutSeconds ?? 60}s;
    }
  }`,
  });
  const host = options.names[0]!;
  const send: TlsProxy['send'] = (method, path, headers = {}, body) =>
    new Promise((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          servername: host,
          rejectUnauthorized: false,
          method,
          path,
          headers: { host: `${host}:${port}`, ...(body === undefined ? {} : { 'content-length': Buffer.byteLength(body) }), ...headers },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  return { port, nginx, send, stop: () => nginx.stop() };
}
