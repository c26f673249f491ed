/** `/api/v1/settings/health`: the workspace's band overrides (FR-53) and "Hide for 30 days". */
import { z } from 'zod';
import { HealthSettings, HealthSettingsBody } from '../health';
import { route } from './route';

const tag = 'Workspace';
const Settings = z.object({ settings: HealthSettings });

const getHealthSettings = route({
  tag,
  method: 'get',
  path: '/settings/health',
  operationId: 'getHealthSettings',
  summary: "The health line's settings",
  ok: { status: 200, description: 'The settings.', schema: Settings },
  permission: 'workspace.read',
});

const updateHealthSettings = route({
  tag,
  method: 'patch',
  path: '/settings/health',
  operationId: 'updateHealthSettings',
  summary: "Override the health line's bands",
  body: { schema: HealthSettingsBody.meta({ id: 'HealthSettingsBody' }) },
  ok: { status: 200, description: 'The settings.', schema: Settings },
  permission: 'settings.manage',
});

const hideHealthLine = route({
  tag,
  method: 'post',
  path: '/settings/health/hide',
  operationId: 'hideHealthLine',
  summary: 'Hide the health line',
  body: { schema: z.strictObject({ days: z.int().min(1).max(90).default(30) }).meta({ id: 'HideHealthBody' }), required: false },
  ok: { status: 200, description: 'The settings, with `hiddenUntil`.', schema: Settings },
  permission: 'settings.manage',
});

const showHealthLine = route({
  tag,
  method: 'delete',
  path: '/settings/health/hide',
  operationId: 'showHealthLine',
  summary: 'Show the health line again',
  ok: { status: 200, description: 'The settings.', schema: Settings },
  permission: 'settings.manage',
});

export const healthSettingsRoutes = { getHealthSettings, updateHealthSettings, hideHealthLine, showHealthLine };
