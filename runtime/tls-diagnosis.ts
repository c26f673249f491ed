/**
 * Why a TLS connection to Temporal fails, found by making one handshake with Node's own TLS and
 * the same settings. The SDK's transport often reports only "connection closed": with TLS 1.3 a
 * server refuses a client certificate after the client's side of the handshake is done, so
 * which alert came first is a race. A handshake made only to listen for that alert tells.
 */
import { connect } from 'node:tls';
import type { TemporalConnectionOptions } from './temporal-settings';

/** Long enough for a server's post-handshake alert on loopback or across a region. */
const LISTEN_MS = 1500;

/** A sentence naming the TLS setting at fault, or null when the handshake holds (the cause is elsewhere). */
export async function diagnoseTls(connection: TemporalConnectionOptions): Promise<string | null> {
  const tls = connection.tls;
  if (!tls) return null;
  const options = typeof tls === 'object' ? tls : {};
  const [host, port] = splitAddress(connection.address);
  const outcome = await new Promise<{ code: string; message: string } | null>((resolve) => {
    const socket = connect({
      host,
      port,
      servername: options.serverNameOverride ?? host,
      ALPNProtocols: ['h2'],
      ...(options.serverRootCACertificate ? { ca: Buffer.from(options.serverRootCACertificate) } : {}),
      ...(options.clientCertPair ? { cert: Buffer.from(options.clientCertPair.crt), key: Buffer.from(options.clientCertPair.key) } : {}),
    });
    const done = (result: { code: string; message: string } | null) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    const timer = setTimeout(() => done(null), LISTEN_MS * 2);
    socket.once('error', (error: NodeJS.ErrnoException) => done({ code: error.code ?? '', message: error.message }));
    socket.once('secureConnect', () => setTimeout(() => done(null), LISTEN_MS));
  });
  if (!outcome) return null;
  const where = `The TLS handshake with Temporal at ${connection.address} failed`;
  const said = `${outcome.code} ${outcome.message}`;
  if (/CERTIFICATE_REQUIRED|certificate required/i.test(said)) {
    return `${where}: the server wants a client certificate and Cast sent none (set TEMPORAL_TLS_CLIENT_CERT_PATH and TEMPORAL_TLS_CLIENT_KEY_PATH).`;
  }
  if (/UNKNOWN_CA|BAD_CERTIFICATE|unknown ca|bad certificate|CERTIFICATE_UNKNOWN/i.test(said)) {
    return `${where}: the server refused Cast's client certificate (TEMPORAL_TLS_CLIENT_CERT_PATH): it is not signed by a CA the server trusts, or has expired.`;
  }
  if (/ALTNAME|hostname|Host: .* is not in the cert/i.test(said)) {
    return `${where}: the server's certificate is not for the name Cast checks (set TEMPORAL_TLS_SERVER_NAME to the name it carries).`;
  }
  if (/UNABLE_TO_VERIFY|SELF_SIGNED|UNABLE_TO_GET_ISSUER|CERT_UNTRUSTED|unable to verify/i.test(said)) {
    return `${where}: the server's certificate is not signed by the CA Cast trusts (TEMPORAL_TLS_SERVER_CA_CERT_PATH).`;
  }
  if (/EPROTO|WRONG_VERSION|packet length|record/i.test(said)) {
    return `${where}: the server does not speak TLS at that address (unset TEMPORAL_TLS, or check TEMPORAL_ADDRESS).`;
  }
  if (/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ETIMEDOUT/.test(said)) return null;
  return `${where}: ${outcome.message}.`;
}

function splitAddress(address: string): [string, number] {
  const at = address.lastIndexOf(':');
  const host = address.slice(0, at).replace(/^\[|\]$/g, '');
  return [host, Number(address.slice(at + 1))];
}
