import { fileURLToPath } from 'node:url';

/** The demo photos shipped with the service (`services/listings/assets/demo`, beside src and dist). */
export const DEMO_MEDIA_DIR = fileURLToPath(new URL('../../assets/demo/', import.meta.url));

/** Where a browser fetches a demo photo: through the gateway, which maps `/api/listings/**` here. */
export function demoPhotoUrl(file: string): string {
  return `/api/listings/v1/media/demo/${file}`;
}

const CONTENT_TYPES: Record<string, string> = {
  svg: 'image/svg+xml; charset=utf-8',
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

/**
 * The content type of a safe demo file name, or undefined. Safe means one lower-case name
 * of letters, digits and dashes with a known extension: no dots before it, no slashes, no
 * `..`, no encoded tricks can reach outside the folder.
 */
export function demoContentType(file: string): string | undefined {
  const match = /^[a-z0-9][a-z0-9-]{0,80}\.([a-z]+)$/.exec(file);
  return match ? CONTENT_TYPES[match[1]] : undefined;
}
