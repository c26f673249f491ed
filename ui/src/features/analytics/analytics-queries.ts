/**
 * Analytics over the trailing `days`: the numbers, and beside them the health line's settings
 * and the recent runs — each of those two left out, not failing the page, when it cannot be read.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { HealthSettings } from '../../../../domain/health';
import { listActivity } from '../../http/activity';
import { readAnalytics } from '../../http/analytics';
import { readHealthSettings } from '../../http/health-settings';
import { useShowHealthLine } from '../health/health-queries';
import { keys } from '../../shared/query-keys';

const RECENT_RUNS = 10;

async function readAnalyticsPage(days: number) {
  const [analytics, settings, runs] = await Promise.all([
    readAnalytics(days),
    readHealthSettings().catch(() => null),
    listActivity({ subject_kind: 'run', limit: 200 }).then(
      (entries) => entries.filter((entry) => entry.kind === 'created').slice(0, RECENT_RUNS),
      () => null,
    ),
  ]);
  return { analytics, settings, runs };
}

export type AnalyticsRead = Awaited<ReturnType<typeof readAnalyticsPage>>;

export function useAnalytics(days: number) {
  return useQuery({ queryKey: keys.analytics(days), queryFn: () => readAnalyticsPage(days) });
}

/** "Show the health line again": the settings on the page become the ones it answered with. */
export function useShowHealthLineHere(days: number) {
  const client = useQueryClient();
  return useShowHealthLine((settings: HealthSettings) =>
    client.setQueryData<AnalyticsRead>(keys.analytics(days), (read) => read && { ...read, settings }),
  );
}
