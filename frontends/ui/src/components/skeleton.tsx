import { useIntl } from 'react-intl';

export interface SkeletonProps {
  inlineSize?: string;
  blockSize?: string;
  radius?: 'sm' | 'md' | 'lg' | 'pill';
  className?: string;
}

/** A calm shimmering block that holds the place of content being loaded. */
export function Skeleton({
  inlineSize = '100%',
  blockSize = '1em',
  radius = 'sm',
  className,
}: SkeletonProps) {
  return (
    <span
      className={['mz-skeleton', `mz-skeleton--${radius}`, className].filter(Boolean).join(' ')}
      style={{ inlineSize, blockSize }}
      aria-hidden="true"
    />
  );
}

/** The shape of a PropertyCard while its data loads. */
export function PropertyCardSkeleton() {
  return (
    <div className="mz-card mz-card--skeleton" data-testid="property-card-skeleton" aria-hidden="true">
      <Skeleton className="mz-card__media" blockSize="auto" radius="sm" />
      <div className="mz-card__body">
        <Skeleton inlineSize="55%" blockSize="1.6rem" />
        <Skeleton inlineSize="90%" />
        <Skeleton inlineSize="70%" />
        <Skeleton inlineSize="80%" />
      </div>
    </div>
  );
}

/** An announced loading region made of skeleton cards. */
export function PropertyGridSkeleton({ count = 8 }: { count?: number }) {
  const intl = useIntl();
  return (
    <div className="mz-property-grid" role="status" aria-label={intl.formatMessage({ id: 'ui.loading' })}>
      {Array.from({ length: count }, (_, i) => (
        <PropertyCardSkeleton key={i} />
      ))}
    </div>
  );
}
