/**
 * What a service and the gateway say to each other about the gateway's response cache (a
 * surrogate-key cache, as CDNs purge by key): a service marks an answer the gateway may keep
 * with a tag and the tag's generation; when what the tag covers changes, the service publishes
 * the tag's new generation on a Redis channel and every gateway replica stops serving what it
 * kept under an older one.
 *
 * A service tags only answers that depend on nothing but the site (the Host) and the URL: not
 * on the caller, its token or its language. The search service tags its public answers with
 * `search:<namespace>:<site>` and the site's cache generation (services/search).
 */

/** Response header: the tag the answer is kept under (removed before the answer leaves the gateway). */
export const CACHE_TAG_HEADER = 'x-manzil-cache-tag';
/** Response header: the tag's generation the answer was computed in (a non-negative integer). */
export const CACHE_GENERATION_HEADER = 'x-manzil-cache-generation';
/** The Redis channel of purges: `{ "tag": string, "generation": number }` as JSON. */
export const CACHE_PURGE_CHANNEL = 'manzil:http-cache:purge';

/** A tag and its generation, as a service hands them with an answer and publishes a purge. */
export interface CacheTag {
  tag: string;
  generation: number;
}

/** A purge message's text, or null when it is not one (another publisher's, or damaged). */
export function parsePurge(message: string): CacheTag | null {
  try {
    const value = JSON.parse(message) as Partial<CacheTag>;
    return typeof value.tag === 'string' && Number.isSafeInteger(value.generation)
      ? { tag: value.tag, generation: value.generation! }
      : null;
  } catch {
    return null;
  }
}
