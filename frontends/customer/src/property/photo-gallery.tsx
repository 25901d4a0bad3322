import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ChevronDownIcon, SafeImage } from '@manzil/ui';

/**
 * The listing's photos: one large, the previous/next buttons (their arrows point the reading
 * way, so they swap sides in Arabic) and a strip of thumbnails. Arrow keys on the photo move
 * too, in the reading direction.
 */
export function PhotoGallery({ photos, title }: { photos: string[]; title: string }) {
  const intl = useIntl();
  const [index, setIndex] = useState(0);
  const count = photos.length;
  if (count === 0) return null;
  const go = (step: number) => setIndex((current) => (current + step + count) % count);
  const label = (n: number) => intl.formatMessage({ id: 'customer.property.photoOf' }, { n: n + 1, count });
  return (
    <section
      className="cu-gallery"
      aria-label={intl.formatMessage({ id: 'customer.property.gallery' })}
      data-testid="gallery"
    >
      <div
        className="cu-gallery__stage"
        tabIndex={0}
        onKeyDown={(event) => {
          const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
          if (event.key === (rtl ? 'ArrowLeft' : 'ArrowRight')) go(1);
          else if (event.key === (rtl ? 'ArrowRight' : 'ArrowLeft')) go(-1);
        }}
      >
        <SafeImage
          className="cu-gallery__photo"
          src={photos[index]}
          alt={`${title} — ${label(index)}`}
          loading="eager"
        />
        {count > 1 ? (
          <>
            <button
              type="button"
              className="cu-gallery__nav cu-gallery__nav--prev"
              aria-label={intl.formatMessage({ id: 'customer.property.previousPhoto' })}
              onClick={() => go(-1)}
              data-testid="gallery-prev"
            >
              <ChevronDownIcon aria-hidden="true" />
            </button>
            <button
              type="button"
              className="cu-gallery__nav cu-gallery__nav--next"
              aria-label={intl.formatMessage({ id: 'customer.property.nextPhoto' })}
              onClick={() => go(1)}
              data-testid="gallery-next"
            >
              <ChevronDownIcon aria-hidden="true" />
            </button>
            <span className="cu-gallery__count" data-testid="gallery-count" aria-live="polite">
              {label(index)}
            </span>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <ul className="cu-gallery__thumbs">
          {photos.map((photo, n) => (
            <li key={`${photo}-${n}`}>
              <button
                type="button"
                className="cu-gallery__thumb"
                aria-current={n === index || undefined}
                aria-label={label(n)}
                onClick={() => setIndex(n)}
              >
                <SafeImage src={photo} alt="" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
