import { useIntl } from 'react-intl';
import { useSearchParams } from '@manzil/ui/router';
import { WISHLIST_ITEM_KINDS, type WishlistItemKind } from '@manzil/contracts';
import { PropertyCard, PropertyGridSkeleton } from '@manzil/ui';
import { CustomerListPage } from '../pages/customer-list-page.js';
import { ProjectCard } from '../pages/projects/project-card.js';
import { UnitCard } from '../pages/projects/unit-card.js';
import '../pages/projects/projects.css';
import { WishlistButton } from './wishlist-button.js';
import { WISHLIST_PAGE_SIZE, wishlistPageQuery, type WishlistEntry } from './wishlist-queries.js';
import './wishlist.css';

const TABS = ['all', ...WISHLIST_ITEM_KINDS] as const;
type Tab = (typeof TABS)[number];

/** `?kind=` of the page: one kind, or every kind (no parameter, or one we do not know). */
const kindOf = (value: string | null): WishlistItemKind | null =>
  WISHLIST_ITEM_KINDS.find((kind) => kind === value) ?? null;

/**
 * `/myWishlist` (spec §2): the customer's saved properties, projects and units, last saved
 * first, a page at a time, every kind or one (the tabs, `?kind=`). An agent (the header shows
 * them the icon) is told the wishlist is for customers, and a visitor is asked to log in,
 * without calling the API (a 401/403 would end a session).
 */
export function MyWishlistPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, number>) => intl.formatMessage({ id }, values);
  const [params, setParams] = useSearchParams();
  const kind = kindOf(params.get('kind'));
  const active: Tab = kind ?? 'all';
  const tabs = (
    <div className="cu-wishlist__tabs" role="tablist" aria-label={t('customer.wishlist.tabs')}>
      {TABS.map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          aria-selected={active === tab}
          className={`cu-wishlist__tab${active === tab ? ' cu-wishlist__tab--active' : ''}`}
          onClick={() => setParams(tab === 'all' ? {} : { kind: tab })}
          data-testid={`wishlist-tab-${tab}`}
        >
          {t(`customer.wishlist.tab.${tab}`)}
        </button>
      ))}
    </div>
  );
  return (
    <CustomerListPage
      name="wishlist"
      messages="customer.wishlist"
      query={(page, language) => wishlistPageQuery(page, language, kind)}
      pageSize={WISHLIST_PAGE_SIZE}
      lead={(loaded) => (loaded ? t('customer.wishlist.count', { count: loaded.total }) : undefined)}
      errorTitle={t('customer.wishlist.failedTitle')}
      loading={<PropertyGridSkeleton count={4} />}
      browseTo="/"
      filters={tabs}
    >
      {(entries) => (
        <div className="mz-property-grid" data-testid="wishlist-grid" role="tabpanel">
          {entries.map((entry) => (
            <SavedCard key={`${entry.kind}-${entry.id}`} entry={entry} />
          ))}
        </div>
      )}
    </CustomerListPage>
  );
}

/** One saved item: its card while it is public, else a line saying it went and its heart to remove it. */
function SavedCard({ entry }: { entry: WishlistEntry }) {
  const intl = useIntl();
  const heart = <WishlistButton kind={entry.kind} id={entry.id} />;
  if (entry.kind === 'property' && entry.property)
    return <PropertyCard property={entry.property} to={`/property/${entry.property.slug}`} action={heart} />;
  if (entry.kind === 'project' && entry.project)
    return <ProjectCard project={entry.project} action={heart} />;
  if (entry.kind === 'unit' && entry.unit && entry.project)
    return <UnitCard unit={entry.unit} project={entry.project} action={heart} />;
  return (
    <article className="mz-card cu-wishlist__gone" data-testid="wishlist-gone" data-kind={entry.kind}>
      <p>{intl.formatMessage({ id: `customer.wishlist.gone.${entry.kind}` })}</p>
      <WishlistButton kind={entry.kind} id={entry.id} variant="page" />
    </article>
  );
}
