import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Logger } from '@nestjs/common';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { movedPath, requestLanguage, siteFromHost } from '@manzil/contracts';
import { chooseEncoding, compressPage, precompressed } from './compression.js';
import { renderIndex, type PageHeads } from './page-head.js';
import { setMetricsRoute } from '@manzil/nest-kit/http';
import { sendError } from './respond.js';
import { isApiPath, pathOf } from './proxy.js';

/** Remote folder name → its key in the runtime manifest the shell reads. */
export const REMOTES = {
  customer: 'customer',
  'agent-portal': 'agentPortal',
  'company-portal': 'companyPortal',
  admin: 'admin',
} as const;

export function defaultManifest(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(REMOTES).map(([folder, key]) => [key, `/remotes/${folder}/mf-manifest.json`]),
  );
}

/** `<repo>/frontends`, from src/ (tests) or dist/ (server) alike. */
export function defaultFrontendsDir(): string {
  return resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../frontends');
}

/** webpack's [contenthash] in a file name: safe to cache for a year. */
const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;
const GATEWAY_ROUTES = new Set(['/health', '/ready', '/openapi.json', '/metrics']);

function setCacheHeaders(response: Response, path: string): void {
  // The entry points (index.html, remoteEntry.js, mf-manifest.json) keep their names across
  // releases: always revalidated, so a deploy is seen at once. Hashed assets never change.
  response.setHeader('Cache-Control', HASHED.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/**
 * A built folder: each file's precompressed `.br`/`.gz` (written by the build) when the client
 * accepts one, else the file itself.
 */
function serve(dir: string): RequestHandler {
  const compressed = precompressed(dir, setCacheHeaders);
  const plain = express.static(dir, {
    index: false,
    redirect: false,
    fallthrough: true,
    setHeaders: setCacheHeaders,
  });
  return (request, response, next) => compressed(request, response, () => plain(request, response, next));
}

/**
 * index.html as written for this request, compressed for the client on the way out (never a
 * precompressed copy from the build: the head differs per page, site and language).
 */
function sendPage(request: Request, response: Response, html: string, status = 200): void {
  void compressPage(html, chooseEncoding(request.headers['accept-encoding'])).then(
    ({ body, encoding }) => {
      if (encoding) response.setHeader('Content-Encoding', encoding);
      response.status(status).send(body);
    },
    () => response.status(status).send(html),
  );
}

/** The `lang` cookie the shell keeps the language choice in (spec §4). */
function cookieLanguage(request: Request): string | undefined {
  const match = /(?:^|;\s*)lang=([^;]*)/.exec(request.headers.cookie ?? '');
  return match?.[1];
}

/**
 * index.html read once per change of the file (a rebuild while the gateway runs is picked up),
 * with the names in the build's `assets/` (the hashed font files the page preloads).
 */
function indexReader(file: string): () => { html: string; assets: string[] } | undefined {
  let cached: { mtimeMs: number; html: string; assets: string[] } | undefined;
  return () => {
    try {
      const { mtimeMs } = statSync(file);
      if (cached?.mtimeMs !== mtimeMs) {
        const assetsDir = join(file, '..', 'assets');
        const assets = existsSync(assetsDir) ? readdirSync(assetsDir) : [];
        cached = { mtimeMs, html: readFileSync(file, 'utf8'), assets };
      }
      return cached;
    } catch {
      return undefined;
    }
  };
}

/**
 * The shell at `/` (with the SPA fallback to its index.html), each remote at
 * `/remotes/<name>/`, and the runtime manifest at `/remotes.json`. A dist that is not built
 * yet is only a warning at boot: its files answer 404 and the gateway keeps serving the API.
 *
 * index.html arrives in the page's own language: `<html lang dir>`, title, description,
 * canonical, hreflang and Open Graph filled for the route, site and language (`heads`), so a
 * crawler or a link preview that runs no script sees the right page; 404 for a path no role
 * knows and for CMS content that does not exist.
 */
export function frontends(
  frontendsDir: string,
  manifestOverride?: string,
  heads?: PageHeads,
): RequestHandler {
  const logger = new Logger('frontends');
  const shellDir = join(frontendsDir, 'shell', 'dist');
  const shellIndex = join(shellDir, 'index.html');
  const readIndex = indexReader(shellIndex);
  const manifest = manifestOverride
    ? (JSON.parse(manifestOverride) as Record<string, string>)
    : defaultManifest();
  for (const dir of [shellDir, ...Object.keys(REMOTES).map((name) => join(frontendsDir, name, 'dist'))]) {
    if (!existsSync(dir)) logger.warn(`${dir} is missing: build the frontend to serve it`);
  }
  const shell = serve(shellDir);
  const remotes = new Map(
    Object.keys(REMOTES).map((name) => [name, serve(join(frontendsDir, name, 'dist'))]),
  );

  return (request: Request, response: Response, next: NextFunction) => {
    const path = pathOf(request);
    if (GATEWAY_ROUTES.has(path)) return next();
    if (isApiPath(path)) return sendError(request, response, 404, 'NOT_FOUND');
    setMetricsRoute(response, '(frontends)');
    const notFound = () => sendError(request, response, 404, 'NOT_FOUND');
    if (request.method !== 'GET' && request.method !== 'HEAD') return notFound();

    if (path === '/remotes.json') {
      response.setHeader('Cache-Control', 'no-cache');
      response.json(manifest);
      return;
    }
    const remote = /^\/remotes\/([^/]+)(\/.*)?$/.exec(path);
    if (remote) {
      const serveRemote = remotes.get(remote[1]);
      if (!serveRemote || !remote[2]) return notFound();
      request.url = request.originalUrl.slice(`/remotes/${remote[1]}`.length);
      return serveRemote(request, response, notFound);
    }
    const index = () => {
      // A path with an extension is a file that does not exist, not a page of the app.
      const built = /\.[^/]+$/.test(path) ? undefined : readIndex();
      if (built === undefined) return notFound();
      const { html, assets } = built;
      response.setHeader('Cache-Control', 'no-cache');
      // The page's language comes from the `lang` cookie when the URL does not say it.
      response.setHeader('Vary', 'Cookie, Accept-Encoding');
      response.setHeader('Content-Type', 'text/html; charset=utf-8');
      if (!heads) return sendPage(request, response, html);
      const site = siteFromHost(request.headers.host);
      const search = request.originalUrl.includes('?')
        ? request.originalUrl.slice(request.originalUrl.indexOf('?'))
        : '';
      const language = requestLanguage(path, search, cookieLanguage(request));
      const origin = `${request.protocol}://${request.headers.host ?? 'localhost'}`;
      void heads.resolve(site, language, path, search).then(
        ({ head, status }) =>
          sendPage(request, response, renderIndex(html, head, site, origin, path, assets), status),
        () => sendPage(request, response, html),
      );
    };
    // A renamed Arabic slug: 301 to its new path, query kept, so old links and rankings follow.
    const moved = movedPath(path);
    if (moved) {
      const query = request.originalUrl.includes('?')
        ? request.originalUrl.slice(request.originalUrl.indexOf('?'))
        : '';
      response.setHeader('Cache-Control', 'public, max-age=86400');
      return response.redirect(301, `${moved}${query}`);
    }
    if (path === '/') return index();
    request.url = request.originalUrl;
    return shell(request, response, index);
  };
}
