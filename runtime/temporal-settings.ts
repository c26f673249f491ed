/**
 * The one place Cast learns how to reach Temporal: the SDK's own loader (`@temporalio/envconfig`)
 * reads `TEMPORAL_ADDRESS`, `TEMPORAL_NAMESPACE`, `TEMPORAL_API_KEY`, `TEMPORAL_TLS*`,
 * `TEMPORAL_PROFILE` and the TOML profile file, exactly as Temporal's CLI and other SDKs do.
 * Every process that connects (worker, API, reconcile, chaos, bench, import) builds its
 * connection from what this returns, so a setting works everywhere or is refused at start.
 */
import { loadClientConfigProfile, toClientOptions, type ClientConfigProfile, type ClientConfigTLS } from '@temporalio/envconfig';
import type { NativeConnectionOptions } from '@temporalio/worker';

/** What a connection needs: valid for `NativeConnection.connect` and `Connection.connect` alike. */
export type TemporalConnectionOptions = Pick<NativeConnectionOptions, 'address' | 'tls' | 'apiKey' | 'metadata'> & {
  address: string;
};

export type TemporalSettings = {
  connection: TemporalConnectionOptions;
  namespace: string;
  taskQueue: string;
  /** False when neither the environment nor a profile named an address: `npm start` runs its own dev server. */
  addressConfigured: boolean;
};

export class TemporalSettingsError extends Error {
  override name = 'TemporalSettingsError';
}

/** Read by envconfig (its `TEMPORAL_GRPC_META_*` family aside). */
const ENVCONFIG_VARIABLES = new Set([
  'TEMPORAL_CONFIG_FILE',
  'TEMPORAL_PROFILE',
  'TEMPORAL_ADDRESS',
  'TEMPORAL_NAMESPACE',
  'TEMPORAL_API_KEY',
  'TEMPORAL_TLS',
  'TEMPORAL_TLS_CLIENT_CERT_PATH',
  'TEMPORAL_TLS_CLIENT_CERT_DATA',
  'TEMPORAL_TLS_CLIENT_KEY_PATH',
  'TEMPORAL_TLS_CLIENT_KEY_DATA',
  'TEMPORAL_TLS_SERVER_CA_CERT_PATH',
  'TEMPORAL_TLS_SERVER_CA_CERT_DATA',
  'TEMPORAL_TLS_SERVER_NAME',
  'TEMPORAL_TLS_DISABLE_HOST_VERIFICATION',
  'TEMPORAL_CODEC_ENDPOINT',
  'TEMPORAL_CODEC_AUTH',
]);
/** Cast's own: its task queue, and the port of the dev server `npm start` runs. */
const CAST_TEMPORAL_VARIABLES = new Set(['TEMPORAL_TASK_QUEUE', 'TEMPORAL_PORT']);

/**
 * `defaults.address` is used when nothing names one (the dev server of a default install).
 * Returns the settings and the warnings to log; throws a TemporalSettingsError naming the
 * setting when one cannot work.
 */
export function loadTemporalSettings(
  source: NodeJS.ProcessEnv,
  defaults: { address: string; namespace: string; taskQueue: string },
): { settings: TemporalSettings; warnings: string[] } {
  const variables = definedOnly(source);
  let profile: ClientConfigProfile;
  try {
    profile = loadClientConfigProfile({ overrideEnvVars: variables, configFileStrict: true });
  } catch (error) {
    throw new TemporalSettingsError(`Temporal settings: ${(error as Error).message} (${profileSource(variables)}).`);
  }
  refuseHalfPair(profile.tls);
  if (variables.TEMPORAL_TLS_DISABLE_HOST_VERIFICATION && /^(1|true)$/.test(variables.TEMPORAL_TLS_DISABLE_HOST_VERIFICATION)) {
    throw new TemporalSettingsError(
      'TEMPORAL_TLS_DISABLE_HOST_VERIFICATION is not supported by the TypeScript SDK Cast runs on: set TEMPORAL_TLS_SERVER_NAME to the name in the server certificate instead.',
    );
  }
  let options: ReturnType<typeof toClientOptions>;
  try {
    options = toClientOptions(profile);
  } catch (error) {
    throw new TemporalSettingsError(`Temporal TLS settings: a certificate or key could not be read: ${(error as Error).message}.`);
  }
  const { address, tls, apiKey, metadata } = options.connectionOptions;
  return {
    settings: {
      connection: {
        address: address ?? defaults.address,
        ...(tls !== undefined ? { tls } : {}),
        ...(apiKey ? { apiKey } : {}),
        ...(metadata && Object.keys(metadata).length ? { metadata } : {}),
      },
      namespace: options.namespace ?? defaults.namespace,
      taskQueue: defaults.taskQueue,
      addressConfigured: address !== undefined,
    },
    warnings: unknownTemporalVariables(variables),
  };
}

/** envconfig would drop a certificate without its key (or the reverse) and connect without either. */
function refuseHalfPair(tls: ClientConfigTLS | undefined): void {
  if (!tls || tls.disabled) return;
  if (tls.clientCert && !tls.clientKey) {
    throw new TemporalSettingsError(
      'A Temporal client certificate is set (TEMPORAL_TLS_CLIENT_CERT_PATH or _DATA, or the profile) but its key is not: set TEMPORAL_TLS_CLIENT_KEY_PATH too.',
    );
  }
  if (tls.clientKey && !tls.clientCert) {
    throw new TemporalSettingsError(
      'A Temporal client key is set (TEMPORAL_TLS_CLIENT_KEY_PATH or _DATA, or the profile) but its certificate is not: set TEMPORAL_TLS_CLIENT_CERT_PATH too.',
    );
  }
}

function unknownTemporalVariables(variables: Record<string, string>): string[] {
  const warnings: string[] = [];
  for (const name of Object.keys(variables).sort()) {
    if (!name.startsWith('TEMPORAL_') || ENVCONFIG_VARIABLES.has(name) || CAST_TEMPORAL_VARIABLES.has(name)) continue;
    if (name.startsWith('TEMPORAL_GRPC_META_')) continue;
    warnings.push(`${name} is set, but neither Cast nor Temporal's client configuration reads it; it is ignored.`);
  }
  for (const name of ['TEMPORAL_CODEC_ENDPOINT', 'TEMPORAL_CODEC_AUTH']) {
    if (variables[name]) warnings.push(`${name} is set, but Cast uses no payload codec; it is ignored.`);
  }
  return warnings;
}

function profileSource(variables: Record<string, string>): string {
  const file = variables.TEMPORAL_CONFIG_FILE ? `TEMPORAL_CONFIG_FILE=${variables.TEMPORAL_CONFIG_FILE}` : 'the default temporal.toml';
  return variables.TEMPORAL_PROFILE ? `profile ${variables.TEMPORAL_PROFILE} in ${file}` : file;
}

// An empty variable counts as unset, as it does for every other setting of Cast's.
function definedOnly(source: NodeJS.ProcessEnv): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, value] of Object.entries(source)) if (value !== undefined && value.trim() !== '') variables[name] = value;
  return variables;
}
