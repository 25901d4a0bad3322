import { fileURLToPath } from 'node:url';

/** The demo photos shipped with the service (`services/listings/assets/demo`, beside src and dist). */
export const DEMO_MEDIA_DIR = fileURLToPath(new URL('../../assets/demo/', import.meta.url));

/** Where a browser fetches a demo photo: through the gateway, which maps `/api/listings/**` here. */
export function demoPhotoUrl(file: string): string {
  return `/api/listings/v1/media/demo/${file}`;
}
