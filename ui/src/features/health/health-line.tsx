/**
 * The health line above the list (§6.13, FR-51…FR-54): one of four bands in the catalogue's
 * words. Heavy and Flooded name the agent that opened the most and link to its instructions —
 * §6.18's "Most of them: {agent}."; a burst the median
 * cannot see yet is said as the last 24 hours (domain/health.ts has the rule). Quiet points
 * at what the agents did on their own. The band is said in
 * words as well as by its icon and colour (FR-67). It always counts the whole workspace; under a
 * filtered view, whose header counts only what it shows, it says so.
 *
 * When most of the culprit's openings were its host's permission prompts (issue 39 item 3), the
 * advice is the host's: the band keeps its count and drops "…their instructions could answer" /
 * "…then fix the instructions", the culprit line adds how many were permission prompts and that
 * the host's allow rules stop them, and there is no instructions link.
 */
import { useMay } from '../../shared/session';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { FLOODED_OPEN, fromHostPrompts, type Culprit, type HealthLine as Line } from '../../../../domain/health';
import { AppLink } from '../../shared/app-link';
import { HealthMenu } from './health-menu';

/** Where "Review recent Runs" leads: the recent runs on the analytics page. */
export const RECENT_RUNS_HREF = '/analytics#recent-runs';
const TWO_WEEKS = 14;

/** The culprit the line names, and whether its host's permission prompts are most of what it opened. */
function culpritOf(line: Line): { culprit: Culprit | null; host: boolean } {
  const culprit = line.band === 'heavy' || line.band === 'flooded' ? line.culprit : null;
  return { culprit, host: culprit !== null && fromHostPrompts(culprit) };
}

export function healthText(t: TFunction, line: Line): string {
  // The host's permission prompts are not the instructions' doing: the band's advice about them goes (issue 39 item 3).
  const host = culpritOf(line).host ? 'Host' : '';
  switch (line.band) {
    case 'healthy':
      return t('health.healthy', { count: line.n });
    case 'heavy':
      return line.burst ? t(`health.heavyBurst${host}`, { n: line.n }) : t(`health.heavy${host}`, { n: line.n });
    case 'flooded':
      // More than 25 open floods by itself, in §6.13's words; a burst that floods with fewer open says the burst.
      // With nothing open there is nothing to answer or archive: the line says what happened (issue 39 item 3).
      if (line.burst && line.open === 0) return t('health.floodedBurstNoneOpen', { n: line.lastDay });
      return line.burst && line.open <= FLOODED_OPEN
        ? t(`health.floodedBurst${host}`, { n: line.lastDay, open: line.open })
        : t(`health.flooded${host}`, { n: line.n });
    case 'quiet':
      return line.n === TWO_WEEKS ? t('health.quiet') : t('health.quietDays', { n: line.n });
  }
}

/**
 * FR-54: the agent that opened the most in the line's window, in §6.18's words "Most of them:
 * {agent}.", and, when most of those were its host's permission prompts, how many and what stops them.
 */
export function culpritText(t: TFunction, culprit: Culprit): string {
  const named = t('health.culprit', { agent: culprit.name });
  if (!fromHostPrompts(culprit)) return named;
  const prompts =
    culprit.hostPrompts === culprit.opened
      ? t('health.culpritHostPromptsAll', { opened: culprit.opened })
      : t('health.culpritHostPrompts', { prompts: culprit.hostPrompts, opened: culprit.opened });
  return `${named} ${prompts}`;
}

export function HealthLine({
  line,
  filtered = false,
  onAdjust,
  onHide,
}: {
  line: Line;
  /** The queue under it is filtered: its header's count is the view's, this line's the workspace's. */
  filtered?: boolean;
  onAdjust: () => void;
  onHide: () => void;
}) {
  const { t } = useTranslation();
  const mayChange = useMay('settings.manage');
  const { culprit, host } = culpritOf(line);
  return (
    <section
      className={`health ${line.band}`}
      data-testid="health"
      data-band={line.band}
      aria-label={t('health.region', { band: t(`health.bands.${line.band}`) })}
    >
      <span className="health-icon" aria-hidden="true">
        {t(`health.icons.${line.band}`)}
      </span>
      <p className="health-text">
        <span data-testid="health-line">{healthText(t, line)}</span>
        {culprit && <span data-testid="health-culprit"> {culpritText(t, culprit)}</span>}
        {filtered && <span data-testid="health-scope"> {t('health.wholeWorkspace')}</span>}
      </p>
      {culprit && !host && (
        <AppLink className="button-link" href={`/agents/${encodeURIComponent(culprit.agentId)}/instructions`}>
          {t('health.openInstructions')}
        </AppLink>
      )}
      {line.band === 'quiet' && (
        <AppLink className="button-link" href={RECENT_RUNS_HREF}>
          {t('health.reviewRuns')}
        </AppLink>
      )}
      {/* Adjusting or hiding the line changes the workspace's settings: settings.manage. */}
      {mayChange && <HealthMenu onAdjust={onAdjust} onHide={onHide} />}
    </section>
  );
}
