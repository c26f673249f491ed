/** The `--timeout` of `cast decide wait` and the hook, and the runner's `--interval`: a duration in seconds. */
import { usageError } from './output';

/** "30s", "5m", "1h", "90" (seconds). */
export function parseDuration(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim());
  if (!match) throw usageError(`--timeout ${text}: write a duration such as 30s, 5m or 1h.`);
  const unit = { ms: 0.001, s: 1, m: 60, h: 3600 }[match[2] ?? 's']!;
  return Number(match[1]) * unit;
}
