import { useEffect } from 'react';
import { alternateLanguagePath, type Language } from '@manzil/contracts';
import { declaredAlternate } from '@manzil/ui';

/** Spec §4: the flag a language change leaves for the other tabs of the site. */
export const LANGUAGE_CHANGED_KEY = 'languageChanged';
const TAB_KEY = 'manzilTab';

/** This tab's id for the session (so the tab that changed the language does not reload itself). */
function tabId(): string {
  let id = sessionStorage.getItem(TAB_KEY);
  if (!id) {
    id = Math.random().toString(36).slice(2);
    sessionStorage.setItem(TAB_KEY, id);
  }
  return id;
}

/** Stores the flag: "the language changed in tab X". */
export function markLanguageChanged(language: Language): void {
  localStorage.setItem(LANGUAGE_CHANGED_KEY, JSON.stringify({ language, tab: tabId() }));
}

/**
 * When this tab becomes visible and another tab left the flag, the flag is cleared and the
 * page reloads in the stored language (spec §4).
 */
export function reloadIfLanguageChanged(reload: () => void = () => window.location.reload()): boolean {
  if (document.visibilityState !== 'visible') return false;
  const raw = localStorage.getItem(LANGUAGE_CHANGED_KEY);
  if (!raw) return false;
  let tab: unknown = null;
  try {
    tab = (JSON.parse(raw) as { tab?: unknown }).tab;
  } catch {
    // A flag written by an older page: treat it as another tab's.
  }
  if (tab === tabId()) return false;
  localStorage.removeItem(LANGUAGE_CHANGED_KEY);
  reload();
  return true;
}

export function useLanguageChangeReload(): void {
  useEffect(() => {
    const onVisible = () => reloadIfLanguageChanged();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);
}

/**
 * Where a language change goes (spec §4): a listing page's path in the other language, else
 * the alternate link the page declared (pages and blogs with an Arabic slug), else nowhere
 * (the same page re-renders in the new language).
 */
export function languageChangeTarget(pathname: string, next: Language): string | null {
  const listing = alternateLanguagePath(pathname, next);
  if (listing) return listing;
  const declared = declaredAlternate(next);
  if (!declared) return null;
  const target = new URL(declared, 'http://x');
  let current = pathname;
  try {
    current = decodeURI(pathname);
  } catch {
    // Keep the path as written.
  }
  return decodeURI(target.pathname) === current ? null : declared;
}
