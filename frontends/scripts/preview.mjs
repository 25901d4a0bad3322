// Serves the built shell and remotes the way the gateway will, with stub API answers, so the
// frontends can be tried in a browser before the services exist:
//   /remotes.json          → frontends/shell/dist/remotes.json
//   /remotes/<name>/...    → frontends/<name>/dist/...
//   /api/content/v1/config, top-menus, admin-info, /api/search/v1/properties, the bell's
//   /api/notifications/v1/notifications → stubs (preview-fixtures.mjs)
//   /api/identity/**       → stubs (preview-identity.mjs)
//   /api/content/**        → a real content service when PREVIEW_CONTENT_URL is set (preview-content.mjs)
//   anything else          → frontends/shell/dist, falling back to its index.html
// Usage: node frontends/scripts/preview.mjs [port]   then open http://ae.localhost:<port>/
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LISTINGS, adminInfo, facetsOf, photoSvg, siteConfig, topMenu } from './preview-fixtures.mjs';
import { identityStub } from './preview-identity.mjs';
import { contentServiceUrl, proxyContent } from './preview-content.mjs';

const FRONTENDS = resolve(fileURLToPath(new URL('..', import.meta.url)));
const REMOTE_FOLDERS = ['customer', 'agent-portal', 'company-portal', 'admin'];
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

function siteOf(request) {
  return (request.headers.host ?? '').toLowerCase().startsWith('sa.') ? 'sa' : 'ae';
}

function send(response, status, body, type) {
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  response.end(body);
}

function sendJson(response, status, value) {
  send(response, status, JSON.stringify(value), TYPES['.json']);
}

async function sendFile(response, file) {
  try {
    if (!(await stat(file)).isFile()) return false;
    send(response, 200, await readFile(file), TYPES[extname(file)] ?? 'application/octet-stream');
    return true;
  } catch {
    return false;
  }
}

/** A path under a folder, never above it. */
function inside(folder, urlPath) {
  const file = normalize(join(folder, decodeURIComponent(urlPath)));
  return file.startsWith(folder) ? file : null;
}

async function readJson(request) {
  if (request.method === 'GET' || !(request.headers['content-type'] ?? '').includes('json')) {
    for await (const _chunk of request); // drain multipart uploads
    return {};
  }
  let text = '';
  for await (const chunk of request) text += chunk;
  try {
    return JSON.parse(text || '{}');
  } catch {
    return {};
  }
}

async function api(request, response, url, log) {
  const site = siteOf(request);
  const language = request.headers.language === 'ar' ? 'ar' : 'en';
  log.push({
    path: url.pathname,
    language: request.headers.language,
    timezoneOffset: request.headers.timezoneoffset,
    site,
  });
  if (url.pathname.startsWith('/api/content/') && contentServiceUrl()) {
    return proxyContent(request, response, url, site);
  }
  const body = await readJson(request);
  const answered = identityStub(request, url, body, site, (status, value) => {
    sendJson(response, status, value);
    return true;
  });
  if (answered) return;
  if (url.pathname === '/api/content/v1/config') {
    return sendJson(response, 200, {
      status: 200,
      success: true,
      message: 'OK',
      results: siteConfig(site, language),
    });
  }
  if (url.pathname === '/api/content/v1/top-menus') {
    return sendJson(response, 200, { status: 200, success: true, message: 'OK', results: topMenu() });
  }
  if (url.pathname === '/api/content/v1/admin-info') {
    return sendJson(response, 200, {
      status: 200,
      success: true,
      message: 'OK',
      results: adminInfo(site, language),
    });
  }
  // The home page's rows: nothing to show yet (the real ones come with PREVIEW_CONTENT_URL).
  if (url.pathname === '/api/content/v1/home-banner') {
    return sendJson(response, 200, { status: 200, success: true, message: 'OK', results: [] });
  }
  if (url.pathname === '/api/content/v1/blogs' || url.pathname === '/api/content/v1/communities') {
    const results = { items: [], page: 1, limit: Number(url.searchParams.get('limit') ?? 10), total: 0 };
    return sendJson(response, 200, { status: 200, success: true, message: 'OK', results });
  }
  // The owner's listings (agent-portal's /manage-properties): none yet, so its empty state shows.
  if (url.pathname === '/api/listings/v1/owner/properties') {
    const results = { items: [], page: 1, limit: 10, total: 0 };
    return sendJson(response, 200, { status: 200, success: true, message: 'OK', results });
  }
  if (url.pathname === '/api/notifications/v1/notifications') {
    const results = { items: [], page: 1, limit: 1, total: 0 };
    return sendJson(response, 200, { status: 200, success: true, message: 'OK', results });
  }
  if (url.pathname === '/api/search/v1/properties') {
    const type = url.searchParams.get('propertyType') ?? 'buy';
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
    const limit = Math.min(100, Math.max(1, Number(url.searchParams.get('limit') ?? 20)));
    const all = LISTINGS[site][type] ?? [];
    const items = all.slice((page - 1) * limit, page * limit);
    return sendJson(response, 200, {
      status: 200,
      success: true,
      message: 'OK',
      results: {
        items,
        page,
        limit,
        total: all.length,
        facets: url.searchParams.get('facets') === 'false' ? null : facetsOf(all),
      },
    });
  }
  return sendJson(response, 404, { status: 404, success: false, message: 'Not found', results: null });
}

/** Starts the server; resolves with { url, close, apiLog } once listening. */
export function startPreview(port = 3300) {
  const apiLog = [];
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://preview');
    const path = url.pathname;
    if (path.startsWith('/api/')) return api(request, response, url, apiLog);
    if (path.startsWith('/preview-photos/')) {
      const seed = Number(path.slice('/preview-photos/'.length).replace('.svg', ''));
      return Number.isInteger(seed)
        ? send(response, 200, photoSvg(seed), TYPES['.svg'])
        : send(response, 404, 'no photo', 'text/plain');
    }
    if (path === '/remotes.json') {
      if (await sendFile(response, join(FRONTENDS, 'shell/dist/remotes.json'))) return;
      return send(response, 404, 'build the shell first', 'text/plain');
    }
    const remote = REMOTE_FOLDERS.find((name) => path.startsWith(`/remotes/${name}/`));
    if (remote) {
      const file = inside(join(FRONTENDS, remote, 'dist'), path.slice(`/remotes/${remote}`.length));
      if (file && (await sendFile(response, file))) return;
      return send(response, 404, 'not found', 'text/plain');
    }
    const shellDist = join(FRONTENDS, 'shell/dist');
    const file = inside(shellDist, path);
    if (file && path !== '/' && (await sendFile(response, file))) return;
    // SPA fallback: app routes get the shell's index.html; a missing asset is a 404.
    if (extname(path) && !path.startsWith('/remotes/')) return send(response, 404, 'not found', 'text/plain');
    if (await sendFile(response, join(shellDist, 'index.html'))) return;
    return send(response, 500, 'build the shell first: npm run build -w @manzil/shell', 'text/plain');
  });
  return new Promise((resolvePromise) => {
    server.listen(port, '127.0.0.1', () => {
      resolvePromise({
        url: (site = 'ae') => `http://${site}.localhost:${port}`,
        apiLog,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const port = Number(process.argv[2] ?? 3300);
  const preview = await startPreview(port);
  console.log(`Manzil preview: ${preview.url('ae')}/ (UAE) and ${preview.url('sa')}/ (Saudi)`);
}
