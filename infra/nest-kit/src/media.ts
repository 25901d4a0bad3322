import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Response } from 'express';
import { AppException } from './app.exception.js';

const CONTENT_TYPES: Record<string, string> = {
  svg: 'image/svg+xml; charset=utf-8',
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

/**
 * The content type of a safe image file name, or undefined. Safe means one lower-case name
 * of letters, digits and dashes with a known extension: no dots before it, no slashes, no
 * `..`, no encoded tricks can reach outside the folder.
 */
export function imageContentType(file: string): string | undefined {
  const match = /^[a-z0-9][a-z0-9-]{0,80}\.([a-z]+)$/.exec(file);
  return match ? CONTENT_TYPES[match[1]] : undefined;
}

/**
 * Sends an image shipped with a service (there is no object storage in development), or a
 * 404 envelope for an unsafe or missing name. Express adds an ETag and answers a matching
 * If-None-Match with 304.
 */
export async function sendImageFile(response: Response, dir: string, file: string): Promise<void> {
  const contentType = imageContentType(file);
  if (!contentType) throw new AppException('NOT_FOUND');
  let body: Buffer;
  try {
    body = await readFile(join(dir, file));
  } catch {
    throw new AppException('NOT_FOUND');
  }
  response.set({
    'content-type': contentType,
    'cache-control': 'public, max-age=86400',
    'x-content-type-options': 'nosniff',
    // An SVG opened on its own must not run anything.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  });
  response.send(body);
}
