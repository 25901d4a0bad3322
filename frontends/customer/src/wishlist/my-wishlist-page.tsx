import { useIntl } from 'react-intl';
import { PropertyCard, PropertyGridSkeleton } from '@manzil/ui';
import { CustomerListPage } from '../pages/customer-list-page.js';
import { WishlistButton } from './wishlist-button.js';
import { WISHLIST_PAGE_SIZE, wishlistPageQuery } from './wishlist-queries.js';
import './wishlist.css';

/**
 * `/myWishlist` (spec §2): the customer's saved properties, last saved first, a page at a
 * time. An agent (the header shows them the icon) is told the wishlist is for customers, and a
 * visitor is asked to log in, without calling the API (a 401/403 would end a session).
 */
export function MyWishlistPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, number>) => intl.formatMessage({ id }, values);
  return (
    <CustomerListPage
      name="wishlist"
      messages="customer.wishlist"
      query={wishlistPageQuery}
      pageSize={WISHLIST_PAGE_SIZE}
      lead={(loaded) => (loaded ? t('customer.wishlist.count', { count: loaded.total }) : undefined)}
      errorTitle={t('customer.wishlist.failedTitle')}
      loading={<PropertyGridSkeleton count={4} />}
      browseTo="/"
    >
      {(entries) => (
        <div className="mz-property-grid" data-testid="wishlist-grid">
          {entries.map((entry) =>
            entry.property ? (
              <PropertyCard
                key={entry.id}
                property={entry.property}
                to={`/property/${entry.property.slug}`}
                action={<WishlistButton propertyId={entry.id} />}
              />
            ) : (
              <article className="mz-card cu-wishlist__gone" key={entry.id} data-testid="wishlist-gone">
                <p>{t('customer.wishlist.gone')}</p>
                <WishlistButton propertyId={entry.id} variant="page" />
              </article>
            ),
          )}
        </div>
      )}
    </CustomerListPage>
  );
}
