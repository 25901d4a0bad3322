import { createContext, useContext, type ReactNode } from 'react';
import type { Site } from '@manzil/contracts';
import { formatSiteDate, type SiteDateOptions } from '../format/date.js';
import { useLanguage } from './use-language.js';

const SiteContext = createContext<Site>('ae');

/** The site a subtree renders for (LanguageProvider sets it from the remote's props). */
export function SiteProvider({ site, children }: { site: Site; children: ReactNode }) {
  return <SiteContext.Provider value={site}>{children}</SiteContext.Provider>;
}

/** The site of the nearest SiteProvider ('ae' outside one). */
export function useSite(): Site {
  return useContext(SiteContext);
}

export interface SiteDateProps {
  date: Date | string | number;
  month?: SiteDateOptions['month'];
  className?: string;
}

/** A date as `formatSiteDate` writes it for the page's site and language, in a <time>. */
export function SiteDate({ date, month, className }: SiteDateProps) {
  const site = useSite();
  const language = useLanguage();
  const value = date instanceof Date ? date : new Date(date);
  const iso = Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  return (
    <time dateTime={iso} className={className}>
      {formatSiteDate(value, { site, language, month })}
    </time>
  );
}
