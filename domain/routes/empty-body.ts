/** Actions that take no body (heartbeat, stop, claim) accept none, or `{}`, and nothing else. */
import { z } from 'zod';

export const EmptyBody = z.strictObject({}).meta({ id: 'EmptyBody', description: 'No fields: send no body, or `{}`.' });
