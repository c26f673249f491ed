/** `/api/v1/analytics?days=`: the workspace's analytics over a trailing window. */
import { analyticsRoutes } from '../../../domain/routes/analytics';
import { call } from './call';

export const readAnalytics = (days: number) => call(analyticsRoutes.analytics, { query: { days } }).then((body) => body.analytics);
