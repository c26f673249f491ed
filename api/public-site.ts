/**
 * Where people and hosts reach this Cast: `CAST_PUBLIC_URL` when it is set (behind a proxy that
 * may rewrite `Host`), else the request's own scheme and host, as before there was a setting.
 * The Origin check and every absolute link Cast writes read it here.
 */
import type { Request } from 'express';

export type PublicSite = {
  /** An origin such as `https://cast.example.com` (runtime/proxy-settings.ts), or unset. */
  publicUrl?: string | undefined;
};

/** The origin links are built on: the public URL, or the scheme and host this request came in on. */
export function siteOrigin(req: Request, site: PublicSite): string {
  return site.publicUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}

/** A page of the web app as an absolute URL: `pageUrl(req, site, '/decisions?id=sd-1')`. */
export function pageUrl(req: Request, site: PublicSite, path: string): string {
  return `${siteOrigin(req, site)}${path}`;
}

/** Whether the browser reached Cast over HTTPS: said by a trusted proxy (`req.secure`), or by an https public URL. */
export function isHttps(req: Request, site: PublicSite): boolean {
  return req.secure || site.publicUrl?.startsWith('https:') === true;
}

/**
 * The request's Origin (or Referer) must be Cast's own: the public URL's origin, scheme and
 * port included, when one is set; otherwise the `Host` the request was sent to.
 */
export function isSameOrigin(req: Request, site: PublicSite): boolean {
  const source = req.get('origin') ?? req.get('referer');
  if (!source) return false;
  try {
    const from = new URL(source);
    return site.publicUrl ? from.origin === site.publicUrl : from.host === req.get('host');
  } catch {
    return false;
  }
}
