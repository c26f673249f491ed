/**
 * `GET /api/v1/openapi.json` (declared in domain/routes/openapi.ts), mounted inside `/api/v1`,
 * so it sits behind the same authentication as every route it describes.
 */
import { openApiDocument as openApiDocumentRoute } from '../../domain/routes/openapi';
import { handle, WROTE, type MountedRoute } from '../mount-routes';
import { openApiDocument } from '../openapi/document';

export function openApiHandlers(): MountedRoute[] {
  return [
    handle(openApiDocumentRoute, async (_input, { res }) => {
      res.json(openApiDocument());
      return WROTE;
    }),
  ];
}
