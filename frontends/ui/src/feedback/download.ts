import type { Language } from '@manzil/contracts';

/** Spec §5/§8: the alert for a download whose link is empty ("Invalid URL" word for word). */
export const INVALID_URL_MESSAGE: Record<Language, string> = {
  en: 'Invalid URL',
  ar: 'رابط التنزيل غير صالح',
};

/**
 * Downloads (or opens) a file link; an empty link shows the alert 'Invalid URL' (in the
 * page's language) instead. Returns whether a download started.
 */
export function downloadFile(url: string | null | undefined, language: Language, fileName?: string): boolean {
  const href = (url ?? '').trim();
  if (!href) {
    window.alert(INVALID_URL_MESSAGE[language]);
    return false;
  }
  const link = document.createElement('a');
  link.href = href;
  link.rel = 'noopener';
  link.target = '_blank';
  if (fileName) link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  return true;
}
