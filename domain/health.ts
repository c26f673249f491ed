/**
 * The health line (AW-03 §4.8, FR-51…FR-55): how many decisions a workspace opens per day,
 * as the median over the trailing 7 complete days, with the number open now, in four bands.
 * It reads a roll-up (taken hourly) rather than counting decisions, so the queue read stays
 * cheap; what opened since that roll-up is read live (the newest few hundred), so the band
 * never contradicts the queue under it: a burst since the last roll-up is never "quiet", and
 * the agent behind it is named.
 *
 * Bands, with the healthy ceiling `c` (default 5, 1–100) and the quiet window `q` (default
 * 14 days, 3–90):
 *   - flooded: more than 25 open right now, or a median above max(15, c);
 *   - quiet:   nothing opened in the trailing `q` days, today (and since the roll-up) included;
 *   - heavy:   median above c;
 *   - healthy: otherwise. A median of 0 with something opened inside the quiet window still
 *     reads "about 1 a day": the line says "about", and 0 would read as quiet.
 */
import { z } from 'zod';
import { someFields } from './some-fields';

export const HEALTH_DEFAULTS = { healthyCeiling: 5, quietDays: 14 } as const;
export const HEAVY_CEILING = 15;
export const FLOODED_OPEN = 25;
/** The median's window, in complete days. */
export const MEDIAN_DAYS = 7;
/** The roll-up keeps as many days as the longest quiet window. */
export const ROLLUP_DAYS = 90;
/** An older snapshot than this is treated as unavailable: the line hides (FR-55). */
export const SNAPSHOT_MAX_AGE_MS = 36 * 3600 * 1000;

export const HealthSettingsBody = someFields(
  z.strictObject({
    healthyCeiling: z.number().int().min(1).max(100).optional(),
    quietDays: z.number().int().min(3).max(90).optional(),
  }),
  'Send healthyCeiling (1–100) or quietDays (3–90).',
);
export type HealthSettingsBody = z.infer<typeof HealthSettingsBody>;

export const HealthSettings = z
  .object({
    healthyCeiling: z.int().min(1).max(100),
    quietDays: z.int().min(3).max(90),
    /** Until when "Hide for 30 days" hides the line. */
    hiddenUntil: z.iso.datetime().nullable(),
  })
  .meta({ id: 'HealthSettings', description: "The health line's bands for this workspace, and whether it is hidden." });
export type HealthSettings = z.infer<typeof HealthSettings>;

export type OpenedByAgent = { agentId: string; name: string; opened: number };

/** The roll-up as the queue reads it: decisions opened per day, newest day first, and per agent. */
export type HealthSnapshot = {
  computedAt: string;
  /** `opened[0]` is the computation's own (partial) day, `opened[1]` the day before, … */
  opened: number[];
  /** Opened per agent over the median's window and the computation's own day, for "Most of them: {agent}." */
  byAgent: OpenedByAgent[];
  /**
   * Opened after the roll-up was taken, read live: how many (up to SINCE_ROLLUP_MAX, enough to
   * tell), and by which agents. Absent, nothing is known to have opened since.
   */
  since?: { opened: number; byAgent: OpenedByAgent[] };
};

/** How many of the decisions opened since the roll-up the live read looks at (the newest). */
export const SINCE_ROLLUP_MAX = 200;

export const HealthBand = ['quiet', 'healthy', 'heavy', 'flooded'] as const;
export type HealthBand = (typeof HealthBand)[number];

export const HealthLine = z
  .object({
    band: z.enum(HealthBand),
    /** Decisions a day for healthy and heavy; open now for flooded; the quiet window for quiet. */
    n: z.int().min(0),
    median: z.number().min(0),
    open: z.int().min(0),
    /** Heavy and flooded name the agent behind most of them (FR-54). */
    culprit: z.object({ agentId: z.string(), name: z.string() }).nullable(),
  })
  .meta({ id: 'HealthLine', description: "The queue's health line (FR-51…FR-55): band, n, median, open, culprit." });
export type HealthLine = z.infer<typeof HealthLine>;

export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function healthLine(
  snapshot: HealthSnapshot,
  open: number,
  settings: Pick<HealthSettings, 'healthyCeiling' | 'quietDays'>,
): HealthLine {
  // The median's days are complete ones: the computation's own day is still filling up.
  const perDay = median(Array.from({ length: MEDIAN_DAYS }, (_, index) => snapshot.opened[index + 1] ?? 0));
  const since = snapshot.since ?? { opened: 0, byAgent: [] };
  // Today included: a decision opened after the roll-up still means something needed you.
  const inQuietWindow = snapshot.opened.slice(0, settings.quietDays).reduce((sum, count) => sum + count, 0) + since.opened;
  const top = [...combined(snapshot.byAgent, since.byAgent)].sort((a, b) => b.opened - a.opened || a.name.localeCompare(b.name))[0];
  const culprit = top && top.opened > 0 ? { agentId: top.agentId, name: top.name } : null;
  const base = { median: perDay, open };
  if (open > FLOODED_OPEN) return { ...base, band: 'flooded', n: open, culprit };
  if (inQuietWindow === 0) return { ...base, band: 'quiet', n: settings.quietDays, culprit: null };
  if (perDay > Math.max(HEAVY_CEILING, settings.healthyCeiling)) return { ...base, band: 'flooded', n: open, culprit };
  if (perDay > settings.healthyCeiling) return { ...base, band: 'heavy', n: Math.round(perDay), culprit };
  return { ...base, band: 'healthy', n: Math.max(1, Math.round(perDay)), culprit: null };
}

/** Each agent's count from the roll-up and from the live read since it, added up. */
function combined(rolledUp: OpenedByAgent[], since: OpenedByAgent[]): OpenedByAgent[] {
  const byId = new Map<string, OpenedByAgent>();
  for (const agent of [...rolledUp, ...since]) {
    const seen = byId.get(agent.agentId);
    byId.set(agent.agentId, seen ? { ...seen, opened: seen.opened + agent.opened } : agent);
  }
  return [...byId.values()];
}

/** The line to show, or null: no snapshot, a stale one, or the owner hid it (FR-55). */
export function visibleHealth(snapshot: HealthSnapshot | null, open: number, settings: HealthSettings, now: Date): HealthLine | null {
  if (!snapshot || now.getTime() - Date.parse(snapshot.computedAt) > SNAPSHOT_MAX_AGE_MS) return null;
  if (settings.hiddenUntil && Date.parse(settings.hiddenUntil) > now.getTime()) return null;
  return healthLine(snapshot, open, settings);
}
