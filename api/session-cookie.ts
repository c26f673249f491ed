/**
 * The web session cookie. Over HTTPS it is `Secure` and named `__Host-cast_session`: the prefix
 * makes the browser refuse it unless it is Secure, host-only and `Path=/`, so neither a
 * sibling subdomain nor a plain-HTTP page can plant one. Over plain HTTP (development on
 * 127.0.0.1) the browser would drop a Secure cookie, so it stays `cast_session`. Each request
 * reads only the name in force for it: an HTTPS request never accepts the unprefixed cookie.
 */
import { parse } from 'cookie';
import type { CookieOptions, Request } from 'express';
import { isHttps, type PublicSite } from './public-site';

export const SESSION_COOKIE = 'cast_session';
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

export function sessionCookieName(req: Request, site: PublicSite): string {
  return isHttps(req, site) ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

export function sessionCookieOf(req: Request, site: PublicSite): string | null {
  const header = req.get('cookie');
  return header ? (parse(header)[sessionCookieName(req, site)] ?? null) : null;
}

/** httpOnly and SameSite=Strict always; Secure with the `__Host-` name. No Domain: the cookie is this host's alone. */
export function sessionCookieOptions(req: Request, site: PublicSite): CookieOptions {
  return { httpOnly: true, sameSite: 'strict', secure: isHttps(req, site), path: '/' };
}
