import type { Language } from '@manzil/contracts';
import { apiFile } from '../api/api-fetch.js';

/** Spec §5/§8: the alert for a download whose link is empty ("Invalid URL" word for word). */
export const INVALID_URL_MESSAGE: Record<Language, string> = {
  en: 'Invalid URL',
  ar: 'رابط غير صالح',
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

/**
 * Downloads a file the API serves only with the caller's token (`fileUrl` of a listing's
 * document): fetched, then saved under `fileName`. An empty link alerts 'Invalid URL' as
 * `downloadFile` does (a document recorded without its file). Rejects with the `ApiError` of a
 * refusal, for the caller to show.
 */
export async function downloadApiFile(
  url: string | null | undefined,
  language: Language,
  fileName: string,
): Promise<boolean> {
  const href = (url ?? '').trim();
  if (!href) return downloadFile(href, language);
  const blob = await apiFile(href, { language });
  const objectUrl = URL.createObjectURL(blob);
  try {
    return downloadFile(objectUrl, language, fileName);
  } finally {
    // The click has handed the bytes to the browser's download; the URL is not needed after it.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 0);
  }
}
