import { stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** The encodings the frontends' build writes beside each asset (webpack.common.cjs), best first. */
export type Encoding = 'br' | 'gzip';
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** What the build precompresses: the same list as frontends/webpack.common.cjs. */
export const COMPRESSIBLE = /\.(?:js|css|html|svg|json)$/i;

/**
 * The encoding to answer with for an `Accept-Encoding` header: brotli when the client takes
 * it, else gzip, else none. Our preference decides between two the client accepts equally;
 * `q=0` refuses one, and `*` stands for any not named. No header means identity only.
 */
export function chooseEncoding(header: string | string[] | undefined): Encoding | undefined {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const weights = new Map<string, number>();
  for (const part of value.split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    weights.set(token === 'x-gzip' ? 'gzip' : token, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: Encoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  const best = (['br', 'gzip'] as const)
    .filter((encoding) => weightOf(encoding) > 0)
    .sort((a, b) => weightOf(b) - weightOf(a));
  return best[0];
}

/**
 * Serves the precompressed variant of a file (`main.js.br`, `main.js.gz`) when the client
 * accepts it, with the original's Content-Type, `Content-Encoding` and `Vary: Accept-Encoding`;
 * otherwise (no variant, nothing accepted, a path outside `dir`) passes on to the plain static
 * handler. `setHeaders` gives the same caching headers as the plain file gets.
 */
export function precompressed(
  dir: string,
  setHeaders: (response: Response, path: string) => void,
): RequestHandler {
  const root = normalize(dir + sep);
  return (request: Request, response: Response, next: NextFunction) => {
    let relative: string;
    try {
      relative = decodeURIComponent(request.path);
    } catch {
      return next();
    }
    if (!COMPRESSIBLE.test(relative)) return next();
    // Every answer for a compressible path depends on Accept-Encoding, the plain one too.
    response.vary('Accept-Encoding');
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (!encoding) return next();
    const file = normalize(join(root, relative));
    if (!file.startsWith(root) || relative.includes('\0')) return next();
    const variant = file + SUFFIX[encoding];
    void stat(variant).then(
      (info) => {
        if (!info.isFile()) return next();
        response.type(extname(file));
        response.setHeader('Content-Encoding', encoding);
        setHeaders(response, file);
        // Ranges would count in encoded bytes: not worth it for files this size.
        response.sendFile(
          variant,
          { dotfiles: 'ignore', acceptRanges: false, cacheControl: false },
          (error) => {
            // Only a variant that vanished falls back to the plain file, and never once this
            // stream may have begun (an aborted request): a second stream on the same response
            // would set headers after they were sent and bring the process down.
            const code = (error as NodeJS.ErrnoException | undefined)?.code;
            if (!error || response.headersSent || (code !== 'ENOENT' && code !== 'ENOTDIR')) return;
            response.removeHeader('Content-Encoding');
            next();
          },
        );
      },
      () => next(),
    );
  };
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * `raw` in one coding, with quick settings (brotli quality 5 in text mode, gzip level 6), in
 * libuv's threads: for what is compressed as it is served, not at build (pages written per
 * request, the response cache's kept answers).
 */
export async function encode(raw: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(raw, { level: 6 });
  return brotli(raw, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: 5,
      [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
}

/** A page written per request (index.html with its head) compressed on the way out, as the client accepts. */
export async function compressPage(
  html: string,
  encoding: Encoding | undefined,
): Promise<{ body: Buffer; encoding?: Encoding }> {
  const raw = Buffer.from(html, 'utf8');
  return encoding ? { body: await encode(raw, encoding), encoding } : { body: raw };
}
