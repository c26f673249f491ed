/** `GET /api/v1/openapi.json`, mounted inside `/api/v1`, so it sits behind the same authentication as every route it describes. */
import { Router } from 'express';
import { openApiDocument } from './document';

export function openApiRouter(): Router {
  const router = Router();
  router.get('/', (_req, res) => {
    res.json(openApiDocument());
  });
  return router;
}
