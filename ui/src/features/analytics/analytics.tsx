/**
 * `/analytics` (AW-03 §10 "Observability"): decisions per day, time to decide, asks per
 * decision, restart outcomes, the undo rate and the health line's changes over the trailing
 * `?days=` (30 by default); the health line's settings, with a way to show a hidden line
 * again; and the recent runs the quiet line's "Review recent Runs" points at.
 */
import { Fragment, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemMessage } from '../../http/problem-message';
import { AppLink } from '../../shared/app-link';
import { DecisionsChart } from './decisions-chart';
import { LiveRegion } from '../../shared/live-region';
import { useAnalytics, useShowHealthLineHere, type AnalyticsRead } from './analytics-queries';
import { pageStateOf } from '../../shared/page-state';
import { ago, span } from '../../shared/time';
import { PageFrame, When } from '../../shared/page-frame';

function windowDays(): number {
  const days = Number(new URLSearchParams(location.search).get('days'));
  return Number.isInteger(days) && days >= 1 && days <= 90 ? days : 30;
}

export function AnalyticsPage() {
  const { t } = useTranslation();
  const [days] = useState(windowDays);
  const read = useAnalytics(days);
  return (
    <PageFrame title={t('analytics.title')} loaded={pageStateOf(read)}>
      {read.data && <AnalyticsBody days={days} read={read.data} />}
    </PageFrame>
  );
}

function AnalyticsBody({ days: requested, read: { analytics, settings, runs } }: { days: number; read: AnalyticsRead }) {
  const { t, i18n } = useTranslation();
  const showing = useShowHealthLineHere(requested);
  const [message, setMessage] = useState<string | null>(null);
  const recentRuns = useRef<HTMLHeadingElement>(null);
  const { days, timeToDecideMs: decide, undo } = analytics;
  const decimal = (value: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(value);
  const outcomes = Object.entries(analytics.restartOutcomes).filter(([, count]) => count > 0);
  const hidden = settings?.hiddenUntil && Date.parse(settings.hiddenUntil) > Date.now() ? settings.hiddenUntil : null;

  // "Review recent Runs" lands here: take the reader to that section.
  useEffect(() => {
    if (location.hash === '#recent-runs') {
      recentRuns.current?.scrollIntoView();
      recentRuns.current?.focus();
    }
  }, []);

  async function showAgain() {
    try {
      await showing.mutateAsync();
      setMessage(t('analytics.shown'));
    } catch {
      // Said beside the button, from the mutation's error.
    }
  }
  const problem = showing.isError ? problemMessage(showing.error) : null;

  return (
    <div className="analytics">
      <p className="subtitle">{t('analytics.subtitle', { days })}</p>

      <section aria-labelledby="per-day">
        <h2 id="per-day">{t('analytics.perDay')}</h2>
        <DecisionsChart perDay={analytics.decisionsPerDay} days={days} />
      </section>

      <section aria-labelledby="time-to-decide">
        <h2 id="time-to-decide">{t('analytics.timeToDecide')}</h2>
        {decide.decided > 0 && decide.p50 !== null && decide.p90 !== null ? (
          <>
            <p data-testid="time-to-decide">{t('analytics.timeToDecideLine', { p50: span(t, decide.p50), p90: span(t, decide.p90) })}</p>
            <p className="help">{t('analytics.timeToDecideBasis', { count: decide.decided })}</p>
          </>
        ) : (
          <p data-testid="time-to-decide">{t('analytics.timeToDecideNone')}</p>
        )}
      </section>

      <section aria-labelledby="asks-per-decision">
        <h2 id="asks-per-decision">{t('analytics.asksPerDecision')}</h2>
        <p data-testid="asks-per-decision">
          {analytics.asksPerDecision === null
            ? t('analytics.asksPerDecisionNone')
            : t('analytics.asksPerDecisionLine', { value: decimal(analytics.asksPerDecision) })}
        </p>
      </section>

      <section aria-labelledby="restarts">
        <h2 id="restarts">{t('analytics.restarts')}</h2>
        {outcomes.length > 0 ? (
          <dl className="facts" data-testid="restart-outcomes">
            {outcomes.map(([kind, count]) => (
              <Fragment key={kind}>
                <dt>{t(`analytics.restartKinds.${kind}`, { defaultValue: kind })}</dt>
                <dd>{count}</dd>
              </Fragment>
            ))}
          </dl>
        ) : (
          <p data-testid="restart-outcomes">{t('analytics.restartsNone')}</p>
        )}
      </section>

      <section aria-labelledby="undo-rate">
        <h2 id="undo-rate">{t('analytics.undo')}</h2>
        <p data-testid="undo-rate">
          {undo.rate === null
            ? t('analytics.undoNone')
            : t('analytics.undoLine', { undone: undo.undone, answers: undo.answers, percent: Math.round(undo.rate * 100) })}
        </p>
      </section>

      <section aria-labelledby="band-changes">
        <h2 id="band-changes">{t('analytics.bands')}</h2>
        {analytics.bandTransitions.length > 0 ? (
          <ul data-testid="band-changes">
            {analytics.bandTransitions.map((change) => {
              const to = t(`health.bands.${change.to}`, { defaultValue: change.to });
              return (
                <li key={change.at + change.to}>
                  {change.from
                    ? t('analytics.bandChange', { from: t(`health.bands.${change.from}`, { defaultValue: change.from }), to })
                    : t('analytics.bandFirst', { to })}
                  {' · '}
                  <When at={change.at} />
                </li>
              );
            })}
          </ul>
        ) : (
          <p>{t('analytics.bandsNone')}</p>
        )}
      </section>

      {settings && (
        <section aria-labelledby="health-settings">
          <h2 id="health-settings">{t('analytics.settings')}</h2>
          <p data-testid="health-settings">{t('analytics.settingsLine', { ceiling: settings.healthyCeiling, days: settings.quietDays })}</p>
          {hidden && (
            <div className="field-row">
              <p>
                {t('analytics.hiddenUntil', {
                  time: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(hidden)),
                })}
              </p>
              <button type="button" onClick={() => void showAgain()}>
                {t('analytics.show')}
              </button>
            </div>
          )}
          {problem && <p role="alert">{problem}</p>}
        </section>
      )}

      {runs && (
        <section aria-labelledby="recent-runs">
          <h2 id="recent-runs" ref={recentRuns} tabIndex={-1}>
            {t('analytics.recentRuns')}
          </h2>
          {runs.length > 0 ? (
            <>
              <p className="help">{t('analytics.recentRunsHelp')}</p>
              <ul data-testid="recent-runs">
                {runs.map((entry) => (
                  <li key={entry.seq}>
                    <AppLink href={`/runs/${encodeURIComponent(entry.subjectId)}`}>{entry.subjectId}</AppLink>
                    {' · '}
                    {t('analytics.runCreated', { time: ago(t, entry.at) })}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p>{t('analytics.recentRunsNone')}</p>
          )}
        </section>
      )}
      <LiveRegion message={message} />
    </div>
  );
}
