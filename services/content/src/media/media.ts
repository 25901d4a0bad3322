import { fileURLToPath } from 'node:url';

/** The images shipped with the service (`services/content/assets`, beside src and dist). */
export const MEDIA_DIR = fileURLToPath(new URL('../../assets/', import.meta.url));
