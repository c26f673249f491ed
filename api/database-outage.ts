/**
 * Whether this API process has lost its database, said once: one log line when the first
 * request finds it unreachable and one when a connection is made again, however many requests
 * fail between. Each failing request gets 503 `database_unavailable` with `Retry-After`.
 */
import { DomainError } from '../domain/errors';
import type { Pool } from '../db/pool';
import type { Logger } from '../runtime/logger';
import { causeOf } from '../runtime/readiness';

export class DatabaseOutage {
  private since: Date | null = null;
  private failures = 0;

  constructor(private readonly logger: Logger) {}

  /** Notes the failure (logging only the first of an outage) and returns the refusal to answer with. */
  failed(error: unknown): DomainError {
    this.failures += 1;
    if (!this.since) {
      this.since = new Date();
      this.logger.error({ err: error }, `database unreachable: ${causeOf(error)}; requests that need it answer 503 database_unavailable`);
    }
    return new DomainError('database_unavailable', 'Cast cannot reach its database right now. Try again in a moment.');
  }

  /** The database answered: ends the outage, if there was one, with its one line. */
  restored(): void {
    if (!this.since) return;
    const seconds = Math.round((Date.now() - this.since.getTime()) / 1000);
    this.logger.info({ seconds, failedRequests: this.failures }, `database reachable again after ${seconds} s`);
    this.since = null;
    this.failures = 0;
  }

  /**
   * Every new connection the pool makes proves the database answers (the pool opens none while
   * it is down); returns the unsubscribe.
   */
  watch(pool: Pool): () => void {
    const onConnect = () => this.restored();
    pool.on('connect', onConnect);
    return () => pool.off('connect', onConnect);
  }
}
