/**
 * Every `/api/v1` route declared in domain/routes/, in the order the API mounts them (a
 * literal path before a parameter that would match it). The OpenAPI document, the API and
 * the tests that walk every route read this one list.
 */
import { missionRoutes } from './missions';
import type { RouteContract } from './route';

export const API_ROUTES: readonly RouteContract[] = [
  ...missionRoutes,
];
