/**
 * Issue 38 item 2: a request held open (a long-poll, a decision wait, an event stream) ends
 * when the credential it came with ends — a token revoked or expired, a browser session signed
 * out or ended with its token, a member removed — within a second, not when it would have
 * timed out. Revocations ring `cast_credentials` with the workspace (migration 0024): each
 * waiter of the workspace checks its own credential again. Expiry writes nothing, so a timer
 * at the credential's expiry checks too. The ring is a hint, the rows decide: before a held
 * request hands over what it read, `confirm` checks once more, so nothing written after the
 * credential ended reaches it even when a ring went astray.
 */
import { credentialStands } from '../db/credentials';
import { CHANNELS, type ChangeListener } from '../db/change-listener';
import type { Pool } from '../db/pool';
import { DomainError } from '../domain/errors';
import type { Principal } from '../domain/principal';

/** setTimeout's longest delay; a credential that lives longer is looked at again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** After the expiry, while the database's clock has not caught up with this process's. */
const EXPIRY_RECHECK_MS = 250;

export function credentialEnded(): DomainError {
  return new DomainError(
    'unauthorized',
    'The token or sign-in this request was made with was revoked or expired while it waited; nothing after that is returned. Sign in again, or use a valid token.',
  );
}

export class CredentialWatch {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | null = null;
  private readonly unsubscribe: (() => void) | undefined;
  private readonly release = () => this.controller.abort();
  /** True once the credential was found ended. */
  ended = false;
  private stopped = false;

  constructor(
    private readonly pool: Pool,
    private readonly principal: Principal,
    private readonly held: AbortSignal,
    changes?: ChangeListener,
  ) {
    if (held.aborted) this.release();
    else held.addEventListener('abort', this.release, { once: true });
    this.unsubscribe = changes?.topic(CHANNELS.credentials, principal.workspaceId).subscribe(() => void this.check().catch(() => {}));
    if (principal.expiresAt) this.arm();
  }

  /** Aborts when the request is let go (client gone, drain) or its credential ends. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Looks at the credential now; ends the hold when it is gone. */
  async check(): Promise<boolean> {
    if (this.ended) return false;
    if (await credentialStands(this.pool, this.principal)) return true;
    this.ended = true;
    this.controller.abort();
    return false;
  }

  /** Before handing over what was read: a 401 when the credential has ended meanwhile. */
  async confirm(): Promise<void> {
    if (!(await this.check())) throw credentialEnded();
  }

  stop(): void {
    this.stopped = true;
    this.held.removeEventListener('abort', this.release);
    this.unsubscribe?.();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private arm(): void {
    if (this.stopped || this.controller.signal.aborted) return;
    const left = this.principal.expiresAt!.getTime() - Date.now();
    // Past the expiry, look again shortly, in case this clock runs ahead of the database's.
    const delay = left > 0 ? Math.min(left + 10, MAX_TIMER_MS) : EXPIRY_RECHECK_MS;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.check().then(
        (stands) => stands && this.arm(),
        () => this.arm(),
      );
    }, delay);
  }
}
