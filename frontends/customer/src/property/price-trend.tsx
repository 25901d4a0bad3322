import { useIntl } from 'react-intl';
import type { PriceTrend } from '@manzil/contracts';
import { areaUnitLabel, formatPrice, useLanguage } from '@manzil/ui';

/**
 * The area's price trend: the median price per area unit of each month as bars, oldest first
 * in the reading direction (so the latest month is on the left in Arabic), each with its
 * figure for screen readers and on hover.
 */
export function PriceTrendChart({ trend }: { trend: PriceTrend }) {
  const intl = useIntl();
  const language = useLanguage();
  const highest = Math.max(...trend.points.map((point) => point.medianPricePerArea), 1);
  const place = trend.location ? trend.location.name[language] || trend.location.name.en : null;
  const month = (value: string) =>
    intl.formatDate(`${value}-01T00:00:00Z`, { month: 'short', year: '2-digit', timeZone: 'UTC' });
  return (
    <section className="cu-property__section" aria-labelledby="price-trend" data-testid="price-trend">
      <h2 id="price-trend">{intl.formatMessage({ id: 'customer.property.priceTrend' })}</h2>
      <p className="cu-trend__caption">
        {intl.formatMessage(
          { id: place ? 'customer.property.priceTrendIn' : 'customer.property.priceTrendCaption' },
          { place: place ?? '', unit: areaUnitLabel(trend.areaUnit, language) },
        )}
      </p>
      <ol className="cu-trend">
        {trend.points.map((point) => {
          const figure = formatPrice(point.medianPricePerArea, trend.currency, language);
          return (
            <li key={point.month} className="cu-trend__bar-wrap" title={`${month(point.month)}: ${figure}`}>
              <span
                className="cu-trend__bar"
                style={{ blockSize: `${Math.max(4, (point.medianPricePerArea / highest) * 100)}%` }}
              />
              <span className="cu-trend__month">{month(point.month)}</span>
              <span className="mz-visually-hidden">{figure}</span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
