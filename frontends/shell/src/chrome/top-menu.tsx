import { NavLink } from '@manzil/ui/router';
import { useQuery } from '@tanstack/react-query';
import {
  listingPagePath,
  type Language,
  type Role,
  type SiteConfig,
  type TopMenuItem,
} from '@manzil/contracts';
import { contentQueries } from '@manzil/ui';

/** Spec §3/§6: agents and companies read the whole menu, customers and visitors a filtered one. */
export function topMenuType(role: Role): 'Customer' | 'Agent' | 'Company' | undefined {
  if (role === 'agent') return 'Agent';
  if (role === 'company') return 'Company';
  if (role === 'user') return 'Customer';
  return undefined;
}

export interface MenuEntry {
  key: string;
  label: string;
  href: string;
  external: boolean;
}

/** A server item in the page's language (name/nameAr, link/linkAr). */
export function menuEntry(item: TopMenuItem, language: Language): MenuEntry {
  const href = language === 'ar' ? item.linkAr || item.link : item.link;
  return {
    key: item._id,
    label: language === 'ar' ? item.nameAr || item.name : item.name,
    href,
    external: /^https?:\/\//i.test(href),
  };
}

/** The top menu from the server; until it answers (or if it cannot), the active property types. */
export function useTopMenu(role: Role, language: Language, config: SiteConfig): MenuEntry[] {
  const { data: items } = useQuery(contentQueries.topMenu(language, topMenuType(role)));
  if (items) return items.map((item) => menuEntry(item, language));
  return config.propertyType
    .filter((propertyType) => propertyType.status === 'active')
    .map((propertyType) => ({
      key: propertyType.slug,
      label: propertyType.name,
      href: listingPagePath(propertyType.slug, language),
      external: false,
    }));
}

export function TopMenuLinks({ entries, onNavigate }: { entries: MenuEntry[]; onNavigate?: () => void }) {
  return (
    <>
      {entries.map((entry) =>
        entry.external ? (
          <a key={entry.key} className="shell-nav-link" href={entry.href} rel="noopener noreferrer">
            {entry.label}
          </a>
        ) : (
          <NavLink
            key={entry.key}
            to={entry.href}
            className="shell-nav-link"
            onClick={onNavigate}
            data-testid="top-menu-link"
          >
            {entry.label}
          </NavLink>
        ),
      )}
    </>
  );
}
