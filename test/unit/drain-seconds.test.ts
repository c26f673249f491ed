/** CAST_DRAIN_SECONDS (issue 29 item 6): how long SIGTERM's drain may take, validated at start. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv as loadAll } from '../../runtime/env';

// No user's own temporal.toml may leak in.
const home = mkdtempSync(join(tmpdir(), 'cast-drain-env-'));
const loadEnv = (env: Record<string, string>) => loadAll({ HOME: home, XDG_CONFIG_HOME: home, ...env });

describe('CAST_DRAIN_SECONDS', () => {
  it('defaults to 20 s, inside Kubernetes’ 30 s terminationGracePeriodSeconds', () => {
    expect(loadEnv({}).CAST_DRAIN_SECONDS).toBe(20);
    expect(loadEnv({ CAST_DRAIN_SECONDS: '45' }).CAST_DRAIN_SECONDS).toBe(45);
  });

  it.each(['0', '-5', '1.5', 'soon', '601'])('refuses %s, naming the setting', (value) => {
    expect(() => loadEnv({ CAST_DRAIN_SECONDS: value })).toThrow(EnvError);
    expect(() => loadEnv({ CAST_DRAIN_SECONDS: value })).toThrow(/CAST_DRAIN_SECONDS/);
  });
});
