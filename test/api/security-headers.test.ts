/** Security headers (helmet) and a strict Content-Security-Policy on the app and the API. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCast, type TestCast } from '../support/test-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast();
});
afterAll(() => cast?.stop());

describe('security headers', () => {
  it('the app page allows only its own scripts, styles and frames, and no inline script', async () => {
    const response = await fetch(`${cast.url}/decisions`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("object-src 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('x-powered-by')).toBeNull();
  });

  it('API answers carry them too, problems included', async () => {
    const response = await fetch(`${cast.url}/api/v1/decisions`);
    expect(response.status).toBe(401);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
