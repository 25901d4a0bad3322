// The preview's /api/content/** → a real content service (PREVIEW_CONTENT_URL, e.g.
// http://127.0.0.1:4006), as the gateway does: the prefix removed, x-site from the host,
// language, timezoneOffset and authorization forwarded. Without PREVIEW_CONTENT_URL the
// preview keeps its config stub. screenshots-content.mjs starts a content service for it.
import { request as httpRequest } from 'node:http';

export const contentServiceUrl = () => process.env.PREVIEW_CONTENT_URL ?? null;

const FORWARDED = ['language', 'timezoneoffset', 'authorization', 'content-type', 'accept'];

/** Pipes the request to the content service; resolves when the answer is sent. */
export function proxyContent(request, response, url, site) {
  const target = new URL(`${url.pathname.replace(/^\/api\/content/, '')}${url.search}`, contentServiceUrl());
  const headers = { 'x-site': site };
  for (const name of FORWARDED) if (request.headers[name]) headers[name] = request.headers[name];
  return new Promise((done) => {
    const upstream = httpRequest(target, { method: request.method, headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, {
        'content-type': answer.headers['content-type'] ?? 'application/json',
        'cache-control': 'no-store',
      });
      answer.pipe(response);
      answer.on('end', done);
    });
    upstream.on('error', () => {
      response.writeHead(502, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ status: 502, success: false, message: 'content service down', results: null }),
      );
      done();
    });
    request.pipe(upstream);
  });
}
