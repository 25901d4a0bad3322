/** Spec §5/§8: the alert for a download whose link is empty. */
export const INVALID_URL_MESSAGE = 'Invalid URL';

/**
 * Downloads (or opens) a file link; an empty link shows the alert 'Invalid URL' instead.
 * Returns whether a download started.
 */
export function downloadFile(url: string | null | undefined, fileName?: string): boolean {
  const href = (url ?? '').trim();
  if (!href) {
    window.alert(INVALID_URL_MESSAGE);
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
