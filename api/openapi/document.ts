/**
 * The OpenAPI 3.1 document for `/api/v1`, generated from the zod schemas the routes validate
 * with. Built once, on first use; `test/api/openapi.test.ts` holds it to the mounted routes.
 */
import { OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '../session-cookie';
import { DECLARED_ROUTES } from '../../domain/routes';
import { ApiDocs } from './api-docs';
import { withStorableInput } from './storable-input';
import { ApiProblem } from '../../domain/problem';

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

const API_VERSION = '1';

function buildDocument(): OpenApiDocument {
  const docs = new ApiDocs();
  for (const contract of DECLARED_ROUTES) docs.route(contract);
  docs.registry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'A Cast token: agents, the CLI and scripts.',
  });
  docs.registry.registerComponent('securitySchemes', 'sessionCookie', {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description:
      'The web session from `POST /auth/session`, named `' +
      SECURE_SESSION_COOKIE +
      "` (and Secure) when Cast is reached over HTTPS. A write with it must come from Cast's own origin (else 403 `cross_origin`).",
  });
  const generator = new OpenApiGeneratorV31([...docs.registry.definitions, { type: 'schema', schema: ApiProblem }], {
    sortComponents: 'alphabetically',
  });
  return withStorableInput(
    generator.generateDocument({
      openapi: '3.1.0',
      info: {
        title: 'Cast API',
        version: API_VERSION,
        description:
          'A decision queue for AI agents. Request bodies are JSON objects, camelCase and strict: an unknown field is a 400 naming it. ' +
          'No text in a request may hold U+0000 or an unpaired surrogate, no number may be closer to zero than 1e-37 but 0, and no body may nest deeper than 100 levels (400 `invalid_request`). ' +
          'Every refusal is `application/problem+json` with a stable `code`. ' +
          "Another workspace's ids answer 404 exactly like a missing id. " +
          'A method a path does not declare answers 405 `method_not_allowed` with `Allow`.',
      },
      servers: [{ url: '/', description: 'This Cast' }],
      security: [{ bearerAuth: [] }, { sessionCookie: [] }],
    }),
  );
}

let built: OpenApiDocument | undefined;

export function openApiDocument(): OpenApiDocument {
  built ??= buildDocument();
  return built;
}
