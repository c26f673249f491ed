import { describe, expect, it } from 'vitest';
import { HEARTBEAT_TIMEOUT_MS, livenessOf } from '../../domain/session';

const now = new Date('2026-03-01T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('session liveness', () => {
  it('is live while the last heartbeat is within the timeout', () => {
    expect(livenessOf({ stoppedAt: null, lastHeartbeatAt: ago(0) }, now)).toBe('live');
    expect(livenessOf({ stoppedAt: null, lastHeartbeatAt: ago(HEARTBEAT_TIMEOUT_MS) }, now)).toBe('live');
  });

  it('is unresponsive after the timeout, or before any heartbeat', () => {
    expect(HEARTBEAT_TIMEOUT_MS).toBe(60_000);
    expect(livenessOf({ stoppedAt: null, lastHeartbeatAt: ago(HEARTBEAT_TIMEOUT_MS + 1) }, now)).toBe('unresponsive');
    expect(livenessOf({ stoppedAt: null, lastHeartbeatAt: null }, now)).toBe('unresponsive');
  });

  it('is stopped once stopped, whatever the heartbeats say', () => {
    expect(livenessOf({ stoppedAt: ago(5), lastHeartbeatAt: ago(1) }, now)).toBe('stopped');
    expect(livenessOf({ stoppedAt: ago(5).toISOString(), lastHeartbeatAt: null }, now)).toBe('stopped');
  });
});
