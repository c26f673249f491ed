/** `/api/v1/profile`: the signed-in person's own member row, and the time zone they set. */
import { peopleRoutes } from '../../../domain/routes/people';
import { call } from './call';

export const getProfile = () => call(peopleRoutes.getProfile, {}).then((body) => body.member);
export const changeTimeZone = (timeZone: string) => call(peopleRoutes.changeProfile, { body: { timeZone } }).then((body) => body.member);
