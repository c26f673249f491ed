/**
 * The web queue's files from ui/dist, and compression for everything else the API answers
 * (issue 30 item 16). Built files are compressed once, by the build (ui/precompress.ts): their
 * `.br` and `.gz` siblings are served as they are, never compressed per request. A file whose
 * name carries its content hash (`/assets/*`) never changes, so a browser keeps it a year
 * without asking; everything else (the app's HTML, the favicon) is asked about every time.
 */
import compression from 'compression';
import type { ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** Serves `dir`, picking the Brotli sibling first, then gzip, then the file itself. */
export function webAssets(dir: string): RequestHandler {
  return expressStaticGzip(dir, {
    enableBrotli: true,
    orderPreference: ['br', 'gz'],
    index: false,
    serveStatic: {
      index: false,
      cacheControl: false,
      // serve-static types it as Node's response; Express hands it its own, with `locals`.
      setHeaders: (res: ServerResponse, path: string) => {
        res.setHeader('Cache-Control', /[\\/]assets[\\/]/.test(path) ? IMMUTABLE : REVALIDATE);
        // Served as built: compressResponses leaves it alone (a source map or a file too small to compress).
        (res as Response).locals.builtFile = true;
      },
    },
  });
}

/** The app's HTML for each of its pages: small, and it names the current bundle, so always revalidated. */
export function appShell(dir: string): RequestHandler {
  return (_req, res) => res.sendFile('index.html', { root: dir, cacheControl: false, headers: { 'Cache-Control': REVALIDATE } });
}

/**
 * gzip or Brotli for JSON, problem+json and the agent's HTML documents, as the client accepts.
 * Never an event stream: each event must reach the client when it is written, not when a
 * compressor's window fills. Built files are served already compressed (`webAssets`).
 */
export function compressResponses(): RequestHandler {
  return compression({
    filter: (req: Request, res: Response) => {
      const type = String(res.getHeader('Content-Type') ?? '');
      if (type.startsWith('text/event-stream') || res.locals.builtFile) return false;
      return compression.filter(req, res);
    },
  });
}
