import { fileURLToPath } from 'node:url';

/** The images shipped with the service (`services/content/assets`, beside src and dist). */
export const MEDIA_DIR = fileURLToPath(new URL('../../assets/', import.meta.url));

const CONTENT_TYPES: Record<string, string> = {
  svg: 'image/svg+xml; charset=utf-8',
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

/**
 * The content type of a safe file name, or undefined: one lower-case name of letters, digits
 * and dashes with a known extension, so nothing can reach outside the folder.
 */
export function mediaContentType(file: string): string | undefined {
  const match = /^[a-z0-9][a-z0-9-]{0,80}\.([a-z]+)$/.exec(file);
  return match ? CONTENT_TYPES[match[1]] : undefined;
}
