/**
 * Where this process is in its life, for the probes: serving, or draining after SIGTERM (it
 * finishes what it holds and takes nothing new). `/readyz` reads it; the drain sets it.
 */
export class Lifecycle {
  private drainingSince: number | null = null;

  get draining(): boolean {
    return this.drainingSince !== null;
  }

  startDraining(): void {
    this.drainingSince ??= Date.now();
  }
}
