import { useIntl } from 'react-intl';
import { Link } from '@manzil/ui/router';
import { useQuery } from '@tanstack/react-query';
import {
  pageSchema,
  UNIT_LAYOUT_LABELS,
  UNIT_STATUS_LABELS,
  wishlistEntrySchema,
  type Language,
  type WishlistEntry,
} from '@manzil/contracts';
import {
  EmptyState,
  PinIcon,
  Price,
  PropertyCard,
  PropertyGridSkeleton,
  buttonClassName,
  apiQueryFn,
} from '@manzil/ui';

/** How many of the last saved items the tab shows; the rest are on /myWishlist. */
const SHOWN = 6;

/**
 * "Saved properties" (spec §2 account tabs): the six last saved items of every kind and the way
 * to the whole wishlist. Properties show as cards; projects and units (whose cards live in the
 * customer remote) as a short list of links to the project page. Items no longer public are
 * left to /myWishlist, which says so.
 */
export function SavedTab({ language }: { language: Language }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const query = useQuery({
    queryKey: ['wishlist', 'profile', language],
    queryFn: apiQueryFn('/api/listings/v1/wishlist', {
      language,
      query: { page: 1, limit: SHOWN },
      results: pageSchema(wishlistEntrySchema),
    }),
  });
  const entries = query.data?.items ?? [];
  const properties = entries.filter((entry) => entry.kind === 'property' && entry.property);
  const projectsAndUnits = entries.filter((entry) => entry.kind !== 'property' && entry.project);
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
      ) : properties.length + projectsAndUnits.length === 0 ? (
        <EmptyState
          title={t('shell.saved.empty')}
          description={t('shell.saved.emptyLead')}
          testId="saved-empty"
        />
      ) : (
        <>
          {properties.length ? (
            <div className="mz-property-grid saved__grid">
              {properties.map((entry) => (
                <PropertyCard
                  key={entry.id}
                  property={entry.property!}
                  to={`/property/${entry.property!.slug}`}
                />
              ))}
            </div>
          ) : null}
          {projectsAndUnits.length ? (
            <section aria-labelledby="saved-projects">
              <h3 id="saved-projects" className="saved__subtitle">
                {t('shell.saved.projects')}
              </h3>
              <ul className="saved__list">
                {projectsAndUnits.map((entry) => (
                  <SavedProjectRow key={`${entry.kind}-${entry.id}`} entry={entry} language={language} />
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
    </section>
  );
}

/** A saved project, or a saved unit with its project: what it is, the project's name and place, the price. */
function SavedProjectRow({ entry, language }: { entry: WishlistEntry; language: Language }) {
  const intl = useIntl();
  const project = entry.project!;
  const unit = entry.kind === 'unit' ? entry.unit : null;
  return (
    <li className="saved__row" data-testid={`saved-${entry.kind}`}>
      <span className="mz-badge saved__kind">
        {intl.formatMessage({ id: `shell.saved.kind.${entry.kind}` })}
      </span>
      <div className="saved__row-body">
        <Link to={`/project/${project.slug}`} className="saved__row-link">
          {project.title[language] || project.title.en}
        </Link>
        <span className="saved__row-meta">
          {unit ? (
            <>
              {UNIT_LAYOUT_LABELS[unit.layout][language]}
              {intl.formatMessage({ id: 'ui.card.separator' })}
              {UNIT_STATUS_LABELS[unit.status][language]}
              {intl.formatMessage({ id: 'ui.card.separator' })}
            </>
          ) : null}
          <PinIcon className="mz-card__icon" />
          {project.city.name[language]}
        </span>
      </div>
      <span className="saved__row-price">
        {unit ? null : (
          <span className="saved__row-from">{intl.formatMessage({ id: 'shell.saved.from' })} </span>
        )}
        <Price amount={unit ? unit.price : project.startingPrice} currency={project.currency} />
      </span>
    </li>
  );
}
