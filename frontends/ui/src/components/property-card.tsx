import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from '@manzil/ui/router';
import { AGREEMENT_BADGES, type DisplayPrice, type PropertySummary } from '@manzil/contracts';
import { areaUnitLabel } from '../format/area.js';
import { formatNumber } from '../format/number.js';
import { AreaIcon, BathIcon, BedIcon, HomeIcon, PinIcon } from './icons.js';
import { Ltr } from './ltr.js';
import { Price } from './price.js';
import { useLanguage } from './use-language.js';

export interface PropertyCardProps {
  /** A search hit also carries its display price (a rent: the first positive period's price). */
  property: PropertySummary & {
    displayPrice?: DisplayPrice;
    /** A search hit's agent: `nameAr` names the advertiser on Arabic pages. */
    agent?: { name: string; nameAr?: string };
  };
  /** Where the card leads, e.g. `/property/<slug>`. */
  to: string;
  /** Load the cover at once (the first cards of a list) instead of lazily. */
  eager?: boolean;
  /** A control over the photo's corner (the wishlist heart); outside the card's link. */
  action?: ReactNode;
}

function CoverPhoto({ src, alt, eager }: { src: string; alt: string; eager: boolean }) {
  const intl = useIntl();
  const [failed, setFailed] = useState(!src);
  if (failed) {
    return (
      <span
        className="mz-card__placeholder"
        role="img"
        aria-label={intl.formatMessage({ id: 'ui.card.noPhoto' })}
      >
        <HomeIcon />
      </span>
    );
  }
  return (
    <img
      className="mz-card__photo"
      src={src}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}

/**
 * Photo-led listing card: cover (placeholder if it fails), price first and large, title,
 * location line, beds/baths/area, agreement badge and agent. The whole card is one link.
 */
export function PropertyCard({ property, to, eager = false, action }: PropertyCardProps) {
  const intl = useIntl();
  const language = useLanguage();
  const title = property.title[language] || property.title.en;
  const agentName = (language === 'ar' && property.agent?.nameAr) || property.agentName;
  const badge = AGREEMENT_BADGES[property.agreementType];
  const bedrooms =
    property.bedrooms === 0
      ? intl.formatMessage({ id: 'ui.card.studio' })
      : intl.formatMessage({ id: 'ui.card.bedrooms' }, { count: property.bedrooms });
  return (
    <article className="mz-card" data-testid="property-card">
      <div className="mz-card__media">
        <CoverPhoto src={property.coverPhoto} alt={title} eager={eager} />
        {badge ? (
          <span className={`mz-badge mz-badge--${badge.toLowerCase()}`} data-testid="agreement-badge">
            {intl.formatMessage({ id: `ui.badge.${badge}` })}
          </span>
        ) : null}
        {action ? <div className="mz-card__action">{action}</div> : null}
      </div>
      <div className="mz-card__body">
        <p className="mz-card__price">
          <Price
            amount={property.displayPrice?.amount ?? property.price}
            currency={property.currency}
            period={property.displayPrice?.period}
          />
        </p>
        <h3 className="mz-card__title" data-testid="property-title">
          <Link to={to} className="mz-card__link">
            {title}
          </Link>
        </h3>
        <p className="mz-card__location">
          <PinIcon className="mz-card__icon" />
          <span>
            {property.community[language]}
            {intl.formatMessage({ id: 'ui.card.separator' })}
            {property.city[language]}
          </span>
        </p>
        <ul className="mz-card__facts">
          <li>
            <BedIcon className="mz-card__icon" />
            {bedrooms}
          </li>
          <li>
            <BathIcon className="mz-card__icon" />
            {intl.formatMessage({ id: 'ui.card.bathrooms' }, { count: property.bathrooms })}
          </li>
          <li>
            <AreaIcon className="mz-card__icon" />
            <span className="mz-visually-hidden">{intl.formatMessage({ id: 'ui.card.area' })}</span>
            <Ltr>{formatNumber(property.area, language)}</Ltr> {areaUnitLabel(property.areaUnit, language)}
          </li>
        </ul>
        <p className="mz-card__agent">
          <span className="mz-avatar" aria-hidden="true">
            {agentName.trim().charAt(0).toUpperCase()}
          </span>
          <span data-testid="card-agent">
            {intl.formatMessage({ id: 'ui.card.agent' }, { name: agentName })}
          </span>
        </p>
      </div>
    </article>
  );
}
