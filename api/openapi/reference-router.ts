/**
 * `GET /api/reference` and its stylesheet: the API reference as a page. Public, like the web
 * shell: it describes the routes and holds no data.
 */
import { readFileSync } from 'node:fs';
import { Router } from 'express';
import { openApiDocument } from './document';
import { renderReference } from './reference-page';

const STYLESHEET = readFileSync(new URL('./reference.css', import.meta.url), 'utf8');

export function referenceRouter(): Router {
  const router = Router();
  let page: string | undefined;
  router.get('/api/reference', (_req, res) => {
    page ??= renderReference(openApiDocument());
    res.type('html').send(page);
  });
  router.get('/api/reference.css', (_req, res) => {
    res.type('css').send(STYLESHEET);
  });
  return router;
}
