import type { Site } from '@manzil/contracts';
import { SITE_TIME_ZONES, intlLocale, useLanguage } from '@manzil/ui';

/** A moment as the site's clock reads it (Dubai, Riyadh), date and time, in the page's language. */
export function SiteTime({ iso, site }: { iso: string; site: Site }) {
  const language = useLanguage();
  const text = new Intl.DateTimeFormat(intlLocale(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: SITE_TIME_ZONES[site],
  }).format(new Date(iso));
  return <time dateTime={iso}>{text}</time>;
}
