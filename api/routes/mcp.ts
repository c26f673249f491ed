/**
 * `/mcp` (issue 43 item 4): Cast's MCP server over Streamable HTTP, for an agent that is not on
 * the person's machine (a hosted agent, a remote MCP connector). The same tools as `cast mcp`
 * (cli/hosts/mcp/), both revisions: a 2025-11-25 client is served statelessly (one server per
 * request, no session to keep), a 2026-07-28 one gets `decide` as a task that any replica can
 * answer `tasks/get` for, since the task is the decision, and a `subscriptions/listen` naming
 * tasks gets their status notifications on its event stream (api/mcp/task-listen-sse.ts).
 *
 * The credential is an agent token as bearer, and the principal is its agent: a person's token,
 * an unknown one or none is a 401 whose challenge names the resource metadata (RFC 9728), as
 * MCP's authorization specification asks. With an identity provider configured, an access token
 * it issued for this resource is taken too, as the OAuth client's agent of the member it names
 * (api/mcp-auth/). The tools act through `/api/v1` on this same process, as that agent, so every
 * permission, limit and record is the one the HTTP API applies.
 */
import express, { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { createMcpHandler, type AuthInfo } from '@modelcontextprotocol/server';
import { requirePermission } from '../../domain/authorize';
import { DomainError } from '../../domain/errors';
import type { Pool } from '../../db/pool';
import { findPrincipalByToken } from '../../db/tenancy';
import type { OidcSettings } from '../../runtime/oidc-settings';
import type { Logger } from '../../runtime/logger';
import type { Lifecycle } from '../lifecycle';
import { callSession } from '../../cli/config';
import { client } from '../../cli/http';
import { MAX_WAIT_SECONDS } from '../../cli/hosts/mcp/max-wait';
import { castMcpServer } from '../../cli/hosts/mcp/server';
import type { ToolDeps } from '../../cli/hosts/mcp/tool-result';
import { providerBearer, type ProviderBearer } from '../mcp-auth/provider-bearer';
import { challenge, MCP_PATH, protectedResourceMetadata, RESOURCE_METADATA_PATH, RESOURCE_METADATA_ROOT } from '../mcp/protected-resource';
import { serveTaskListenSse, taskListenIn } from '../mcp/task-listen-sse';
import { loopbackOf, webRequestOf, writeWebResponse } from '../mcp/web-request';
import { isSameOrigin, siteOrigin, type PublicSite } from '../public-site';
import { requestChannel } from '../request-channel';

/** A JSON-RPC message is small; a decide with its context and nine options is well under this. */
const MAX_BODY = 256 * 1024;

type McpDeps = {
  pool: Pool;
  site: PublicSite;
  oidc: OidcSettings | null;
  logger: Logger;
  limiter: RequestHandler | null;
  /** A task listen's stream ends when the drain starts. */
  lifecycle: Lifecycle;
  /** The key an OAuth client's agent token is derived from (api/mcp-auth/agent-secret.ts). */
  answerLinkKey?: string | undefined;
};

/** What a tool call needs from the request that carries it, kept on the SDK's AuthInfo. */
type CallOrigin = { loopback: string; origin: string };

function toolDeps(auth: AuthInfo | undefined): ToolDeps {
  const { loopback, origin } = auth?.extra as CallOrigin;
  const token = auth!.token;
  return {
    api: client({ url: loopback, token }, { channel: 'mcp' }),
    session: callSession(token),
    maxWaitSeconds: MAX_WAIT_SECONDS,
    // A remote agent has no working directory Cast could name.
    scope: () => 'mcp',
    pageUrl: (id) => `${origin}/decisions?id=${encodeURIComponent(id)}`,
  };
}

const refuse = (req: Request, res: Response, site: PublicSite, description: string, code?: string, scope?: string): never => {
  challenge(req, res, site, code ? { code, description } : undefined, scope);
  throw new DomainError('unauthorized', description);
};

/**
 * Streamable HTTP's rule against DNS rebinding: a request that names an Origin must name Cast's
 * own (agents send none; a page elsewhere that reached this address is refused before anything).
 */
function ownOriginOnly(site: PublicSite): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (req.get('origin') !== undefined && !isSameOrigin(req, site)) {
      throw new DomainError('cross_origin', 'This request came from another site than Cast; /mcp answers agents, not pages.');
    }
    next();
  };
}

/**
 * The bearer must be an agent token, or the provider's access token for an agent: the tools file
 * and wait as an agent, never as a person.
 */
function agentOnly(pool: Pool, site: PublicSite, provider: ProviderBearer | null): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const scope = provider?.scope;
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '')?.[1];
    if (!bearer) return refuse(req, res, site, 'Send Authorization: Bearer <agent token>; cast token create makes one.', undefined, scope);
    const admitted = provider?.claims(bearer) ? await provider.admit(req, res, bearer) : null;
    const principal = admitted?.principal ?? (await findPrincipalByToken(pool, bearer));
    if (!principal) return refuse(req, res, site, 'Cast does not know this token (revoked or mistyped).', 'invalid_token', scope);
    if (principal.kind !== 'agent') {
      return refuse(
        req,
        res,
        site,
        "/mcp takes an agent token, not a person's: cast token create makes one for the agent.",
        'invalid_token',
        scope,
      );
    }
    requirePermission(principal, 'decision.file', 'ask a person through MCP');
    res.locals.principal = principal;
    res.locals.channel = requestChannel(req, 'token');
    // The provider's token is never passed on: its agent token's secret goes to `/api/v1` instead.
    res.locals.bearer = admitted?.secret ?? bearer;
    next();
  };
}

export function mcpRouter(deps: McpDeps): Router {
  const router = Router();
  const metadata = (req: Request, res: Response) => void res.json(protectedResourceMetadata(req, deps.site, deps.oidc));
  router.get(RESOURCE_METADATA_PATH, metadata);
  router.get(RESOURCE_METADATA_ROOT, metadata);

  const handler = createMcpHandler((context) => castMcpServer(toolDeps(context.authInfo), context), {
    legacy: 'stateless',
    maxRequestBodySize: MAX_BODY,
    onerror: (error) => deps.logger.debug({ err: error }, 'mcp: request refused'),
  });
  const serve = async (req: Request, res: Response) => {
    const origin: CallOrigin = { loopback: loopbackOf(req), origin: siteOrigin(req, deps.site) };
    const authInfo: AuthInfo = { token: res.locals.bearer as string, clientId: 'cast-agent', scopes: [], extra: origin };
    // A listen for task notifications is Cast's own (the SDK's listen knows no tasks); any other message is the SDK's.
    const listen = taskListenIn(req);
    if (listen) return serveTaskListenSse(res, toolDeps(authInfo), listen, deps.lifecycle);
    await writeWebResponse(await handler.fetch(webRequestOf(req, res), { authInfo }), res);
  };
  const provider = deps.oidc ? providerBearer({ ...deps, oidc: deps.oidc }) : null;
  const chain: RequestHandler[] = [ownOriginOnly(deps.site), agentOnly(deps.pool, deps.site, provider)];
  if (deps.limiter) chain.push(deps.limiter);
  chain.push(express.raw({ type: () => true, limit: MAX_BODY }));
  router.all(MCP_PATH, ...chain, serve);
  return router;
}
