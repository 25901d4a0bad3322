import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  EmptyState,
  PropertyCard,
  PropertyGridSkeleton,
  buttonClassName,
  useLanguage,
  useSession,
} from '@manzil/ui';
import { PageHeading } from '../pages/content/content-parts.js';
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
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const language = useLanguage();
  const session = useSession();
  const customer = session?.role === 'user';
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useQuery({ ...wishlistPageQuery(page, language), enabled: customer });

  if (!customer) {
    return (
      <div className="mz-container cu-wishlist" data-testid="wishlist-page">
        <PageHeading title={t('customer.wishlist.title')} />
        <EmptyState
          title={t(session ? 'customer.wishlist.customersOnlyTitle' : 'customer.wishlist.loginTitle')}
          description={t(session ? 'customer.wishlist.customersOnly' : 'customer.wishlist.loginLead')}
          action={
            session ? (
              <Link className={buttonClassName('secondary')} to="/">
                {t('customer.wishlist.browse')}
              </Link>
            ) : (
              <Link className={buttonClassName('primary')} to="/login">
                {t('customer.wishlist.login')}
              </Link>
            )
          }
          testId="wishlist-not-customer"
        />
      </div>
    );
  }

  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / WISHLIST_PAGE_SIZE)) : 1;
  return (
    <div className="mz-container cu-wishlist" data-testid="wishlist-page">
      <PageHeading
        title={t('customer.wishlist.title')}
        lead={data ? t('customer.wishlist.count', { count: data.total }) : undefined}
      />
      {query.isError && !data ? (
        <EmptyState
          title={t('customer.wishlist.failedTitle')}
          action={<Button onClick={() => void query.refetch()}>{t('customer.wishlist.retry')}</Button>}
          testId="wishlist-error"
        />
      ) : !data ? (
        <PropertyGridSkeleton count={4} />
      ) : data.items.length === 0 ? (
        <EmptyState
          title={t('customer.wishlist.emptyTitle')}
          description={t('customer.wishlist.emptyLead')}
          action={
            <Link className={buttonClassName('primary')} to="/">
              {t('customer.wishlist.browse')}
            </Link>
          }
          testId="wishlist-empty"
        />
      ) : (
        <>
          <div className="mz-property-grid" data-testid="wishlist-grid">
            {data.items.map((entry) =>
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
          {pages > 1 ? (
            <nav className="cu-wishlist__pager" aria-label={t('customer.wishlist.pages')}>
              <Button
                variant="secondary"
                disabled={page <= 1}
                onClick={() => setParams(page - 1 <= 1 ? {} : { page: String(page - 1) })}
              >
                {t('customer.wishlist.previous')}
              </Button>
              <span>{t('customer.wishlist.pageOf', { page, pages })}</span>
              <Button
                variant="secondary"
                disabled={page >= pages}
                onClick={() => setParams({ page: String(page + 1) })}
              >
                {t('customer.wishlist.next')}
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}
