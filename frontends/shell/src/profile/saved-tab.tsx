import { useIntl } from 'react-intl';
import { Link } from '@manzil/ui/router';
import { useQuery } from '@tanstack/react-query';
import { pageSchema, wishlistEntrySchema, type Language } from '@manzil/contracts';
import { EmptyState, PropertyCard, PropertyGridSkeleton, buttonClassName, apiQueryFn } from '@manzil/ui';

/** "Saved properties" (spec §2 account tabs): the six last saved, and the way to the whole wishlist. */
export function SavedTab({ language }: { language: Language }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const query = useQuery({
    queryKey: ['wishlist', 'profile', language],
    queryFn: apiQueryFn('/api/listings/v1/wishlist', {
      language,
      query: { page: 1, limit: 6, kind: 'property' },
      results: pageSchema(wishlistEntrySchema),
    }),
  });
  const items = (query.data?.items ?? []).filter((entry) => entry.property);
  return (
    <section className="profile-card" data-testid="saved-tab">
      <div className="profile-card__head">
        <h2>{t('shell.saved.title')}</h2>
        <Link className={buttonClassName('secondary', 'sm')} to="/myWishlist" data-testid="saved-all">
          {t('shell.saved.all')}
        </Link>
      </div>
      {!query.data ? (
        <PropertyGridSkeleton count={2} />
      ) : items.length === 0 ? (
        <EmptyState
          title={t('shell.saved.empty')}
          description={t('shell.saved.emptyLead')}
          testId="saved-empty"
        />
      ) : (
        <div className="mz-property-grid saved__grid">
          {items.map((entry) => (
            <PropertyCard
              key={entry.id}
              property={entry.property!}
              to={`/property/${entry.property!.slug}`}
            />
          ))}
        </div>
      )}
    </section>
  );
}
