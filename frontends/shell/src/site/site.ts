import { siteFromHost, type Language, type Site } from '@manzil/contracts';
import { LANGUAGE_QUERY_PARAM } from '../i18n/language.js';

export { siteFromHost };

/**
 * The same page on the other country's site: `ae.<domain>` ↔ `sa.<domain>` (plain
 * `localhost` is the UAE site), keeping port, path and query. The language travels in
 * `?lang=` because the choice is stored per origin.
 */
export function siteUrl(
  target: Site,
  location: Pick<Location, 'protocol' | 'hostname' | 'port' | 'pathname' | 'search'>,
  language: Language,
): string {
  const domain = location.hostname.replace(/^(ae|sa)\./, '');
  const url = new URL(`${location.protocol}//${target}.${domain}${location.port ? `:${location.port}` : ''}`);
  url.pathname = location.pathname;
  url.search = location.search;
  url.searchParams.set(LANGUAGE_QUERY_PARAM, language);
  return url.href;
}
