/** `/api/v1/settings/health`: the health line's band (FR-53), and hiding or showing the line. */
import type { HealthSettingsBody } from '../../../domain/health';
import {
  getHealthSettings,
  hideHealthLine as hideRoute,
  showHealthLine as showRoute,
  updateHealthSettings,
} from '../../../domain/routes/health-settings';
import { call } from './call';

export const readHealthSettings = () => call(getHealthSettings, {}).then((body) => body.settings);
export const saveHealthSettings = (change: HealthSettingsBody) =>
  call(updateHealthSettings, { body: change }).then((body) => body.settings);
/** Hidden for 30 days. */
export const hideHealthLine = () => call(hideRoute, { body: {} }).then((body) => body.settings);
export const showHealthLine = () => call(showRoute, {}).then((body) => body.settings);
