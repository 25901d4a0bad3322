import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Link } from '@manzil/ui/router';
import type { SearchHit } from '@manzil/contracts';
import { BathIcon, BedIcon, PinIcon, Price, formatNumber, useLanguage } from '@manzil/ui';

export interface MapResultsListProps {
  hits: SearchHit[];
  /** The listing whose pin the visitor clicked, or whose row they point at. */
  activeId: string | null;
  onActivate: (id: string | null) => void;
}

function HitRow({
  hit,
  active,
  onActivate,
}: {
  hit: SearchHit;
  active: boolean;
  onActivate: (id: string | null) => void;
}) {
  const intl = useIntl();
  const language = useLanguage();
  const row = useRef<HTMLLIElement>(null);
  useEffect(() => {
    // A pin clicked on the map brings its row into view (the list follows the map).
    if (active) row.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [active]);
  const place = [hit.community[language], hit.city[language]]
    .filter(Boolean)
    .join(intl.formatMessage({ id: 'customer.map.placeSeparator' }));
  return (
    <li
      ref={row}
      className={`cu-map-hit${active ? ' is-active' : ''}`}
      data-testid="map-hit"
      data-active={active || undefined}
      onMouseEnter={() => onActivate(hit.id)}
      onMouseLeave={() => onActivate(null)}
      onFocus={() => onActivate(hit.id)}
    >
      <Link to={`/property/${hit.slug}`} className="cu-map-hit__link">
        {hit.coverPhoto ? (
          <img className="cu-map-hit__photo" src={hit.coverPhoto} alt="" loading="lazy" />
        ) : null}
        <span className="cu-map-hit__body">
          <span className="cu-map-hit__price">
            <Price amount={hit.displayPrice.amount} currency={hit.currency} />
            {hit.displayPrice.period === 'total' ? null : (
              <span className="cu-map-hit__period">
                {intl.formatMessage({ id: `customer.map.period.${hit.displayPrice.period}` })}
              </span>
            )}
          </span>
          <span className="cu-map-hit__title">{hit.title[language]}</span>
          <span className="cu-map-hit__place">
            <PinIcon /> {place}
          </span>
          <span className="cu-map-hit__facts">
            <span>
              <BedIcon />{' '}
              {hit.bedrooms === 0
                ? intl.formatMessage({ id: 'customer.map.studio' })
                : formatNumber(hit.bedrooms, language)}
            </span>
            <span>
              <BathIcon /> {formatNumber(hit.bathrooms, language)}
            </span>
          </span>
          {hit.exactLocation ? null : (
            <span className="cu-map-hit__note" data-testid="no-exact-location">
              {intl.formatMessage({ id: 'customer.map.noExactLocation' })}
            </span>
          )}
        </span>
      </Link>
    </li>
  );
}

/** The listings of the map's viewport, in step with its pins. */
export function MapResultsList({ hits, activeId, onActivate }: MapResultsListProps) {
  return (
    <ol className="cu-map-hits" data-testid="map-results">
      {hits.map((hit) => (
        <HitRow key={hit.id} hit={hit} active={hit.id === activeId} onActivate={onActivate} />
      ))}
    </ol>
  );
}
