/** `GET /api/v1/openapi.json`: the description of every route declared here, itself one of them. */
import { z } from 'zod';
import { route } from './route';

const openApiDocument = route({
  tag: 'Reference',
  method: 'get',
  path: '/openapi.json',
  operationId: 'openApiDocument',
  summary: 'This document',
  description: 'The OpenAPI 3.1 description of `/api/v1`. The same operations, as a page to read, are at `/api/reference`.',
  // An OpenAPI document is open by nature: its own specification describes it, not a schema here.
  ok: {
    status: 200,
    description: 'The OpenAPI document.',
    schema: z.looseObject({ openapi: z.literal('3.1.0') }),
    mediaType: 'application/json',
  },
  permission: 'api.describe',
});

export const openApiRoutes = { openApiDocument };
