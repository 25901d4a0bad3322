import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from '@manzil/ui/router';
import { useQuery } from '@tanstack/react-query';
import {
  ACTIVITY_REPORTS_API,
  AGREEMENT_BADGES,
  listingPagePath,
  propertyHead,
  type PropertyDetail,
  type Site,
} from '@manzil/contracts';
import {
  AreaIcon,
  BathIcon,
  BedIcon,
  PinIcon,
  Price,
  PropertyCard,
  buttonClassName,
  formatArea,
  sendBeacon,
  useDocumentHead,
  useLanguage,
} from '@manzil/ui';
import { DetailNotFound, QueryPage } from '../pages/content/content-parts.js';
import { masterDataQuery, propertyDetailQuery } from '../search/search-queries.js';
import { ReportListingButton } from '../pages/report/report-listing-dialog.js';
import { AgentCard, ShareButton } from './property-contact.js';
import { KeyFacts } from './key-facts.js';
import { PropertyMortgage } from './property-mortgage.js';
import { PhotoGallery } from './photo-gallery.js';
import { PriceTrendChart } from './price-trend.js';
import './property.css';
import { RegulatorInfo } from './regulator-info.js';
import { WishlistButton } from '../wishlist/wishlist-button.js';
import { AppointmentButtons } from '../appointments/book-appointment-dialog.js';

/**
 * `/property/[slug]`: one published listing from the search service's detail (spec §2
 * property detail): gallery, videos, 360 tour and floor plans, price (a rent with its period),
 * key facts in the spec's vocabularies, description, amenities, nearest facilities, estimated
 * mortgage, the agent, share, regulator information, the area's price trend, and nearby and
 * similar listings. Its head (title, description, canonical, hreflang, JSON-LD
 * `RealEstateListing`) is contracts' `propertyHead`, which the gateway also writes.
 */
export function PropertyPage({ site }: { site: Site }) {
  const { slug = '' } = useParams();
  const language = useLanguage();
  const intl = useIntl();
  const detail = useQuery(propertyDetailQuery(slug, language));
  useDocumentHead(detail.data ? propertyHead(detail.data.listing, site, language) : null);

  return (
    <QueryPage
      query={detail}
      notFound={
        <DetailNotFound
          testId="property-not-found"
          titleId="customer.property.notFound.title"
          descriptionId="customer.property.notFound.description"
          back={{
            to: listingPagePath('buy', language),
            label: intl.formatMessage({ id: 'customer.type.buy' }),
          }}
        />
      }
    >
      {(data) => <PropertyView detail={data} site={site} />}
    </QueryPage>
  );
}

function PropertyView({ detail, site }: { detail: PropertyDetail; site: Site }) {
  const intl = useIntl();
  const language = useLanguage();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { listing } = detail;
  const title = listing.title[language] || listing.title.en;
  const badge = AGREEMENT_BADGES[listing.agreementType];
  const place = [
    listing.location.building,
    listing.location.subCommunity,
    listing.location.community,
    listing.location.city,
  ]
    .filter((ref) => ref !== null)
    .map((ref) => ref.name[language] || ref.name.en)
    .join(t('ui.card.separator'));
  const description = listing.description?.[language] || listing.description?.en;
  const facilities = listing.nearestFacilities?.[language] || listing.nearestFacilities?.en;
  const amenities = Array.isArray(listing.facts.amenities) ? listing.facts.amenities : [];
  const [showAll, setShowAll] = useState(false);
  // One view per page load (the service counts a visitor once a day, whatever it is sent).
  useEffect(() => {
    sendBeacon(`/api/listings${ACTIVITY_REPORTS_API.view(listing.id)}`);
  }, [listing.id]);

  return (
    <article className="cu-property" data-testid="property-page">
      <div className="mz-container">
        <nav className="cu-property__crumbs" aria-label={t('customer.property.breadcrumb')}>
          <Link to={listingPagePath(listing.propertyType, language)}>
            {t(`customer.type.${listing.propertyType}`)}
          </Link>
        </nav>
        <PhotoGallery photos={listing.media.photos} title={title} />

        <div className="cu-property__layout">
          <div className="cu-property__main">
            <header className="cu-property__header">
              <p className="cu-property__price" data-testid="property-price">
                <Price
                  amount={listing.displayPrice.amount}
                  currency={listing.currency}
                  period={listing.displayPrice.period}
                />
              </p>
              <h1 className="cu-property__title" data-testid="property-title">
                {title}
              </h1>
              {listing.subTitle?.[language] ? (
                <p className="cu-property__subtitle">{listing.subTitle[language]}</p>
              ) : null}
              <p className="cu-property__place">
                <PinIcon aria-hidden="true" /> {place}
              </p>
              {!listing.exactLocation ? (
                <p className="cu-property__note" data-testid="inexact-location">
                  {t('customer.property.inexactLocation')}
                </p>
              ) : null}
              <ul className="cu-property__summary">
                <li>
                  <BedIcon aria-hidden="true" />
                  {listing.bedrooms === 0
                    ? t('ui.card.studio')
                    : t('ui.card.bedrooms', { count: listing.bedrooms })}
                </li>
                <li>
                  <BathIcon aria-hidden="true" />
                  {t('ui.card.bathrooms', { count: listing.bathrooms })}
                </li>
                <li data-testid="property-area">
                  <AreaIcon aria-hidden="true" />
                  {formatArea(listing.area, listing.areaUnit, language)}
                </li>
                {badge ? (
                  <li>
                    <span
                      className={`mz-badge mz-badge--${badge.toLowerCase()}`}
                      data-testid="property-badge"
                    >
                      {t(`ui.badge.${badge}`)}
                    </span>
                  </li>
                ) : null}
              </ul>
            </header>

            <KeyFacts listing={listing} />

            {description ? (
              <section className="cu-property__section" aria-labelledby="property-description">
                <h2 id="property-description">{t('customer.property.description')}</h2>
                <p className={showAll ? 'cu-property__text' : 'cu-property__text cu-property__text--clamped'}>
                  {description}
                </p>
                {description.length > 400 ? (
                  <button type="button" className="cu-link-button" onClick={() => setShowAll((v) => !v)}>
                    {t(showAll ? 'customer.property.showLess' : 'customer.property.showMore')}
                  </button>
                ) : null}
              </section>
            ) : null}

            {amenities.length > 0 ? (
              <section className="cu-property__section" aria-labelledby="property-amenities">
                <h2 id="property-amenities">{t('customer.property.amenities')}</h2>
                <AmenityList values={amenities} />
              </section>
            ) : null}

            {facilities ? (
              <section className="cu-property__section" aria-labelledby="property-facilities">
                <h2 id="property-facilities">{t('customer.property.facilities')}</h2>
                <p className="cu-property__text">{facilities}</p>
              </section>
            ) : null}

            <MediaSections listing={listing} />

            {detail.priceTrend.points.length > 0 ? <PriceTrendChart trend={detail.priceTrend} /> : null}

            {listing.purpose === 'buy' ? (
              <PropertyMortgage price={listing.displayPrice.amount} site={site} />
            ) : null}

            <RegulatorInfo listing={listing} site={site} />
          </div>

          <aside className="cu-property__aside">
            <AgentCard listing={listing} title={title} site={site} contact={detail.agentContact} />
            <div className="cu-property__actions" data-testid="appointment-actions">
              <AppointmentButtons propertyId={listing.id} />
            </div>
            <div className="cu-property__actions">
              <WishlistButton id={listing.id} variant="page" />
              <ShareButton title={title} />
              <ReportListingButton target={{ propertyId: listing.id }} />
            </div>
          </aside>
        </div>

        <Related
          testId="nearby"
          title={t('customer.property.nearby')}
          items={detail.nearby.map((hit) => ({
            hit,
            note: t('customer.property.distance', {
              km: intl.formatNumber(hit.distanceKm, { maximumFractionDigits: 1 }),
            }),
          }))}
        />
        <Related
          testId="similar"
          title={t('customer.property.similar')}
          items={detail.similar.map((hit) => ({ hit }))}
        />
      </div>
    </article>
  );
}

/** The listing's amenities by their names in the page's language (content's master data). */
function AmenityList({ values }: { values: string[] }) {
  const language = useLanguage();
  const masterData = useQuery({ ...masterDataQuery(language), select: (data) => data.amenities });
  const label = (value: string) => masterData.data?.find((option) => option.value === value)?.label ?? value;
  return (
    <ul className="cu-property__amenities" data-testid="property-amenities">
      {values.map((value) => (
        <li key={value}>{label(value)}</li>
      ))}
    </ul>
  );
}

function MediaSections({ listing }: { listing: PropertyDetail['listing'] }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { videos, floorPlans, tour360Url } = listing.media;
  if (videos.length === 0 && floorPlans.length === 0 && !tour360Url) return null;
  return (
    <section className="cu-property__section" aria-labelledby="property-media">
      <h2 id="property-media">{t('customer.property.media')}</h2>
      {tour360Url ? (
        <a
          className={buttonClassName('secondary')}
          href={tour360Url}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="tour-360"
        >
          {t('customer.property.tour360')}
        </a>
      ) : null}
      {videos.map((video) => (
        <video key={video} className="cu-property__video" src={video} controls preload="metadata" />
      ))}
      {floorPlans.length > 0 ? (
        <div className="cu-property__plans">
          <h3>{t('customer.property.floorPlans')}</h3>
          {floorPlans.map((plan) => (
            <figure key={plan.url}>
              <img src={plan.url} alt={plan.title ?? t('customer.property.floorPlans')} loading="lazy" />
              {plan.title ? <figcaption>{plan.title}</figcaption> : null}
            </figure>
          ))}
        </div>
      ) : null}
    </section>
  );
}

function Related({
  title,
  items,
  testId,
}: {
  title: string;
  items: { hit: PropertyDetail['similar'][number]; note?: string }[];
  testId: string;
}) {
  if (items.length === 0) return null;
  return (
    <section className="cu-property__related" data-testid={testId}>
      <h2>{title}</h2>
      <div className="mz-property-grid">
        {items.map(({ hit, note }) => (
          <div key={hit.id} className="cu-property__related-item">
            <PropertyCard property={hit} to={`/property/${hit.slug}`} />
            {note ? <p className="cu-property__distance">{note}</p> : null}
          </div>
        ))}
      </div>
    </section>
  );
}
