/**
 * Decisions opened per day as a bar chart: an SVG image whose name sums it up in words, and
 * the same numbers as a table one click away, so the chart is never the only way to read them.
 */
import { useTranslation } from 'react-i18next';
import type { Analytics } from '../../../../domain/analytics';

const BAR = 10;
const GAP = 2;
const HEIGHT = 100;

export function DecisionsChart({ perDay, days }: { perDay: Analytics['decisionsPerDay']; days: number }) {
  const { t, i18n } = useTranslation();
  const total = perDay.reduce((sum, day) => sum + day.opened, 0);
  const max = Math.max(0, ...perDay.map((day) => day.opened));
  const width = perDay.length * (BAR + GAP);
  const label = (day: string) =>
    new Date(`${day}T00:00:00Z`).toLocaleDateString(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return (
    <figure className="chart">
      <svg
        role="img"
        aria-labelledby="per-day-summary"
        viewBox={`0 0 ${Math.max(width, 1)} ${HEIGHT}`}
        preserveAspectRatio="none"
        data-testid="per-day-chart"
      >
        {perDay.map((day, index) => {
          // An empty day still shows a hairline, so the days are countable.
          const height = max > 0 ? Math.max(1, (day.opened / max) * (HEIGHT - 4)) : 1;
          return <rect key={day.day} x={index * (BAR + GAP)} y={HEIGHT - height} width={BAR} height={height} data-opened={day.opened} />;
        })}
      </svg>
      {perDay.length > 0 && (
        <div className="chart-axis" aria-hidden="true">
          <span>{label(perDay[0]!.day)}</span>
          <span>{label(perDay.at(-1)!.day)}</span>
        </div>
      )}
      <figcaption id="per-day-summary" data-testid="per-day-summary">
        {t('analytics.chartSummary', { count: total, days, max })}
      </figcaption>
      <details>
        <summary>{t('analytics.asTable')}</summary>
        <table data-testid="per-day-table">
          <thead>
            <tr>
              <th scope="col">{t('analytics.day')}</th>
              <th scope="col">{t('analytics.opened')}</th>
            </tr>
          </thead>
          <tbody>
            {perDay.map((day) => (
              <tr key={day.day}>
                <th scope="row">
                  <time dateTime={day.day}>{label(day.day)}</time>
                </th>
                <td>{day.opened}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
