/**
 * `GET /api/v1/openapi.json` (declared in domain/routes/openapi.ts), mounted inside `/api/v1`,
 * so it sits behind the same authentication as every route it describes.
 */
import type { openApiRoutes } from '../../domain/routes/openapi';
import { WROTE, type Handlers } from '../mount-routes';
import { openApiDocument } from '../openapi/document';

export function openApiHandlers(): Handlers<typeof openApiRoutes> {
  return {
    openApiDocument: async (_input, { res }) => {
      res.json(openApiDocument());
      return WROTE;
    },
  };
}
