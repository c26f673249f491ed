/** The session and project a framework's cards go to: the caller's, or a session made up once per process. */
import { randomUUID } from 'node:crypto';
import type { CardPlace } from './approval-card';
import type { CastOptions } from './cast-connection';

const processSession = `agent-${randomUUID()}`;

export function cardPlace(options: Pick<CastOptions, 'session' | 'scope'>): CardPlace {
  return { session: options.session ?? processSession, ...(options.scope ? { scope: options.scope } : {}) };
}
