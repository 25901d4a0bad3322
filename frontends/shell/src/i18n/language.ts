import {
  DEFAULT_LANGUAGE,
  directionOf,
  languageSchema,
  normalizePathname,
  type Language,
} from '@manzil/contracts';

/** Where the language choice is kept (spec §4): localStorage and a `lang` cookie, 10 years. */
export const LANGUAGE_STORAGE_KEY = 'language';
export const LANGUAGE_COOKIE = 'lang';
export const LANGUAGE_QUERY_PARAM = 'lang';
const TEN_YEARS_SECONDS = 10 * 365 * 24 * 60 * 60;

function parseLanguage(value: string | null | undefined): Language | null {
  const parsed = languageSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

function readCookie(name: string): string | null {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return entry ? decodeURIComponent(entry.slice(name.length + 1)) : null;
}

/**
 * The language to start with: a `?lang=` carried over from the other country's site (see
 * siteUrl), else Arabic for a path written in Arabic letters (an Arabic slug is an Arabic
 * page, as the gateway serves it: contracts' `requestLanguage`), else the stored choice,
 * else the cookie, else English.
 */
export function initialLanguage(location: { search: string; pathname?: string } = window.location): Language {
  const fromQuery = parseLanguage(new URLSearchParams(location.search).get(LANGUAGE_QUERY_PARAM));
  const fromPath: Language | null = /[\u0600-\u06ff]/.test(normalizePathname(location.pathname ?? '/'))
    ? 'ar'
    : null;
  return (
    fromQuery ??
    fromPath ??
    parseLanguage(localStorage.getItem(LANGUAGE_STORAGE_KEY)) ??
    parseLanguage(readCookie(LANGUAGE_COOKIE)) ??
    DEFAULT_LANGUAGE
  );
}

/** Saves the choice locally and in the `lang` cookie, except on /blog paths (spec §4). */
export function saveLanguage(language: Language, pathname: string): void {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  if (pathname === '/blog' || pathname.startsWith('/blog/')) return;
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${TEN_YEARS_SECONDS}; SameSite=Lax`;
}

/** THE place that sets `<html lang dir>`: nothing else touches them. */
export function applyDocumentLanguage(
  language: Language,
  root: HTMLElement = document.documentElement,
): void {
  root.lang = language;
  root.dir = directionOf(language);
}

/** The shell's messages, loaded on demand (a blank white cover shows meanwhile, spec §2). */
export async function loadShellMessages(language: Language): Promise<Record<string, string>> {
  const module =
    language === 'ar'
      ? await import('./ar.json', { with: { type: 'json' } })
      : await import('./en.json', { with: { type: 'json' } });
  return module.default;
}
