/**
 * Which database failures are an outage (503 `database_unavailable`, retry) and which are a
 * bug or a refusal (500, logged): the shapes node-postgres and Node give each. The real ones
 * are produced in test/api/database-outage.test.ts by stopping a PostgreSQL server.
 */
import { describe, expect, it } from 'vitest';
import { isDatabaseUnreachable } from '../../db/pg-errors';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseUnreachable', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    [
      'every address refusing (an AggregateError with no message)',
      Object.assign(new AggregateError([withCode('ECONNREFUSED')], ''), { code: 'ECONNREFUSED' }),
    ],
    ['a reset connection', withCode('ECONNRESET', 'read ECONNRESET')],
    ['an administrator shutdown (57P01)', withCode('57P01', 'terminating connection due to administrator command')],
    ['a crash shutdown (57P02)', withCode('57P02')],
    ['a server still starting (57P03)', withCode('57P03', 'the database system is starting up')],
    ['a connection exception (class 08)', withCode('08006')],
    ['the socket closing under a query', new Error('Connection terminated unexpectedly')],
    ['the pool not connecting in time', new Error('timeout exceeded when trying to connect')],
    ['an outage wrapped as the cause of another error', new Error('reading the deployment failed', { cause: withCode('ECONNREFUSED') })],
  ])('is true for %s', (_, error) => {
    expect(isDatabaseUnreachable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['a permission refused', withCode('42501', 'permission denied for table rate_limits')],
    ['a syntax error', withCode('42601')],
    ['a statement timeout (the server answered)', withCode('57014')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error', 'ECONNREFUSED'],
  ])('is false for %s', (_, error) => {
    expect(isDatabaseUnreachable(error)).toBe(false);
  });
});
