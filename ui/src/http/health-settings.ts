/** `/api/v1/settings/health`: the health line's band (FR-53), and hiding or showing the line. */
import type { HealthSettingsBody } from '../../../domain/health';
import { healthSettingsRoutes } from '../../../domain/routes/health-settings';
import { call } from './call';

export const readHealthSettings = () => call(healthSettingsRoutes.getHealthSettings, {}).then((body) => body.settings);
export const saveHealthSettings = (change: HealthSettingsBody) =>
  call(healthSettingsRoutes.updateHealthSettings, { body: change }).then((body) => body.settings);
/** Hidden for 30 days. */
export const hideHealthLine = () => call(healthSettingsRoutes.hideHealthLine, { body: {} }).then((body) => body.settings);
export const showHealthLine = () => call(healthSettingsRoutes.showHealthLine, {}).then((body) => body.settings);
