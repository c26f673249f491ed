/**
 * `cast runner --session ID --scope SCOPE`: which ready runs this runner takes, so two runners
 * (two machines, two projects) split the work. A run has no scope of its own; its session has
 * one, the project the host registered it under (the git repository's name, as `cast` and the
 * hook send it). Cast filters the list itself (`GET /runs?session=&scope=`), so runs left to
 * another runner never crowd this one's out of a page; they stay ready for that runner.
 */
import { usageError } from '../../output';

export type RunFilterOptions = { session?: string; scope?: string };

const LONGEST = 200;

export class RunFilter {
  constructor(readonly wanted: RunFilterOptions) {
    for (const [flag, value] of Object.entries(wanted)) {
      if (value !== undefined && (!value.trim() || value.length > LONGEST))
        throw usageError(`--${flag} ${JSON.stringify(value)}: give a ${flag} of 1–${LONGEST} characters.`);
    }
  }

  /** The list query's filters. */
  get query(): RunFilterOptions {
    return {
      ...(this.wanted.session !== undefined ? { session: this.wanted.session } : {}),
      ...(this.wanted.scope !== undefined ? { scope: this.wanted.scope } : {}),
    };
  }

  /** " in session conv-1, scope notes": for the runner's messages. */
  describe(): string {
    const parts = [
      ...(this.wanted.session !== undefined ? [`session ${this.wanted.session}`] : []),
      ...(this.wanted.scope !== undefined ? [`scope ${this.wanted.scope}`] : []),
    ];
    return parts.length ? ` in ${parts.join(', ')}` : '';
  }
}
