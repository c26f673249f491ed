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
 *   - flooded: more than 25 open right now, or a rate above max(15, c);
 *   - quiet:   nothing opened in the trailing `q` days, today (and since the roll-up) included;
 *   - heavy:   a rate above c;
 *   - healthy: otherwise. A median of 0 with something opened inside the quiet window still
 *     reads "about 1 a day": the line says "about", and 0 would read as quiet.
 *
 * The rate is the median, unless the last 24 hours (read live) would band heavier on their
 * own: then that is a burst, and the last 24 hours' count is the rate. A median over complete
 * days cannot see today, so without this 26 filed in five minutes read "Healthy — about 1
 * decision a day" the moment the open count fell to 25 (issue #30). A burst says so in
 * words ("26 decisions in the last 24 hours"), and its culprit is counted over those 24 hours.
 *
 * The culprit (FR-54) is the agent that opened the most in the line's window, with its count
 * and the window's total; the web says it in §6.18's words, "Most of them: {agent}.". It carries
 * how many of its openings were its host's permission prompts (issue 39 item 3): "Allow Bash?"
 * comes from the host's permission settings, not from the agent's instructions, so when those
 * are most of them the advice is the host's allow list, not the instructions (`fromHostPrompts`).
 * The band still counts everything that arrived: the person's queue is what it is.
 */
import { z } from 'zod';
import type { HostPromptKind } from './decision';
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

/** The source kind of a host's permission prompt (`decisions.source_kind`), counted apart in the roll-up. */
export const HOST_PROMPT_SOURCE = 'permission' satisfies (typeof HostPromptKind)[number];

/** How many an agent opened, and how many of those were its host's permission prompts (absent: none). */
export type OpenedByAgent = { agentId: string; name: string; opened: number; hostPrompts?: number };

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
  /**
   * Opened in the last 24 hours (BURST_WINDOW_MS), read live like `since` and capped alike, and
   * by which agents. Absent, nothing is known to have opened in them.
   */
  lastDay?: { opened: number; byAgent: OpenedByAgent[] };
};

/** How many of the newest decisions the live read looks at: enough to tell, as any count above it floods. */
export const SINCE_ROLLUP_MAX = 200;

/** The burst's window: the last 24 hours, whatever the roll-up's days (UTC) make of them. */
export const BURST_WINDOW_MS = 24 * 3600 * 1000;

export const HealthBand = ['quiet', 'healthy', 'heavy', 'flooded'] as const;
export type HealthBand = (typeof HealthBand)[number];

export const HealthLine = z
  .object({
    band: z.enum(HealthBand),
    /** Decisions a day for healthy and heavy (in the last 24 hours, in a burst); open now for flooded; the quiet window for quiet. */
    n: z.int().min(0),
    median: z.number().min(0),
    open: z.int().min(0),
    /** Opened in the last 24 hours. */
    lastDay: z.int().min(0),
    /** The last 24 hours band heavier than the median: the band and the culprit are theirs. */
    burst: z.boolean(),
    /**
     * Heavy and flooded name the agent that opened the most (FR-54): `opened` of the `of` opened
     * in the line's window (the last 24 hours in a burst, else the median's 7 days and today),
     * `hostPrompts` of its `opened` its host's permission prompts (issue 39 item 3).
     */
    culprit: z
      .object({
        agentId: z.string(),
        name: z.string(),
        opened: z.int().min(1),
        of: z.int().min(1),
        hostPrompts: z.int().min(0).meta({
          description:
            "Of the culprit's `opened`, its host's permission prompts. More than half: the host's permission settings stop them, not the agent's instructions.",
        }),
      })
      .nullable(),
  })
  .meta({ id: 'HealthLine', description: "The queue's health line (FR-51…FR-55): band, n, median, open, burst, culprit." });
export type HealthLine = z.infer<typeof HealthLine>;
export type Culprit = NonNullable<HealthLine['culprit']>;

/** "Most of them" is said only of a majority; a plurality is "the most", with its count. */
export function isMajority(culprit: Pick<Culprit, 'opened' | 'of'>): boolean {
  return culprit.opened * 2 > culprit.of;
}

/**
 * Most of the culprit's openings were its host's permission prompts (issue 39 item 3): the line
 * points at the host's permission settings, and neither links nor advises the agent's instructions.
 */
export function fromHostPrompts(culprit: Pick<Culprit, 'opened' | 'hostPrompts'>): boolean {
  return culprit.hostPrompts * 2 > culprit.opened;
}

export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

type RateBand = Extract<HealthBand, 'healthy' | 'heavy' | 'flooded'>;
const RATE_ORDER: RateBand[] = ['healthy', 'heavy', 'flooded'];

/** The band a number of decisions a day reads by itself (FR-52), with the ceiling overridden (FR-53). */
function rateBand(perDay: number, healthyCeiling: number): RateBand {
  if (perDay > Math.max(HEAVY_CEILING, healthyCeiling)) return 'flooded';
  return perDay > healthyCeiling ? 'heavy' : 'healthy';
}

export function healthLine(
  snapshot: HealthSnapshot,
  open: number,
  settings: Pick<HealthSettings, 'healthyCeiling' | 'quietDays'>,
): HealthLine {
  // The median's days are complete ones: the computation's own day is still filling up.
  const perDay = median(Array.from({ length: MEDIAN_DAYS }, (_, index) => snapshot.opened[index + 1] ?? 0));
  const since = snapshot.since ?? { opened: 0, byAgent: [] };
  const lastDay = snapshot.lastDay ?? { opened: 0, byAgent: [] };
  // Today included: a decision opened after the roll-up still means something needed you.
  const inQuietWindow = snapshot.opened.slice(0, settings.quietDays).reduce((sum, count) => sum + count, 0) + since.opened;
  // A burst: the last 24 hours on their own band heavier than the median does.
  const usual = rateBand(perDay, settings.healthyCeiling);
  const recent = rateBand(lastDay.opened, settings.healthyCeiling);
  const burst = RATE_ORDER.indexOf(recent) > RATE_ORDER.indexOf(usual);
  // The culprit's window is the line's: the last 24 hours in a burst, else the median's days and today (and since).
  const culprit = burst
    ? topOf(lastDay.byAgent, lastDay.opened)
    : topOf(
        combined(snapshot.byAgent, since.byAgent),
        snapshot.opened.slice(0, MEDIAN_DAYS + 1).reduce((sum, count) => sum + count, 0) + since.opened,
      );
  const base = { median: perDay, open, lastDay: lastDay.opened, burst };
  if (open > FLOODED_OPEN) return { ...base, band: 'flooded', n: open, culprit };
  if (inQuietWindow === 0 && lastDay.opened === 0) return { ...base, band: 'quiet', n: settings.quietDays, culprit: null };
  const band = burst ? recent : usual;
  if (band === 'flooded') return { ...base, band, n: open, culprit };
  if (band === 'heavy') return { ...base, band, n: Math.round(burst ? lastDay.opened : perDay), culprit };
  return { ...base, band, n: Math.max(1, Math.round(perDay)), culprit: null };
}

/** The agent that opened the most (ties by name), with its count and the window's total; null when none did. */
function topOf(agents: OpenedByAgent[], total: number): Culprit | null {
  const top = [...agents].sort((a, b) => b.opened - a.opened || a.name.localeCompare(b.name))[0];
  if (!top || top.opened <= 0) return null;
  // Decisions with no agent count in the window too; the total is never below the top's own count.
  const hostPrompts = Math.min(top.hostPrompts ?? 0, top.opened);
  return { agentId: top.agentId, name: top.name, opened: top.opened, of: Math.max(total, top.opened), hostPrompts };
}

/** Each agent's counts from the roll-up and from the live read since it, added up. */
function combined(rolledUp: OpenedByAgent[], since: OpenedByAgent[]): OpenedByAgent[] {
  const byId = new Map<string, OpenedByAgent>();
  for (const agent of [...rolledUp, ...since]) {
    const seen = byId.get(agent.agentId);
    byId.set(
      agent.agentId,
      seen ? { ...seen, opened: seen.opened + agent.opened, hostPrompts: (seen.hostPrompts ?? 0) + (agent.hostPrompts ?? 0) } : agent,
    );
  }
  return [...byId.values()];
}

/** The line to show, or null: no snapshot, a stale one, or the owner hid it (FR-55). */
export function visibleHealth(snapshot: HealthSnapshot | null, open: number, settings: HealthSettings, now: Date): HealthLine | null {
  if (!snapshot || now.getTime() - Date.parse(snapshot.computedAt) > SNAPSHOT_MAX_AGE_MS) return null;
  if (settings.hiddenUntil && Date.parse(settings.hiddenUntil) > now.getTime()) return null;
  return healthLine(snapshot, open, settings);
}
