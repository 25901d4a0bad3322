import { useIntl } from 'react-intl';
import {
  FACINGS,
  FIT_OUTS,
  FURNISHINGS,
  MARKET_STATUSES,
  OCCUPANCIES,
  PAYMENT_METHODS,
  type PropertyDetail,
} from '@manzil/contracts';
import { Ltr, formatNumber, formatPrice, useLanguage } from '@manzil/ui';

/** Facts whose value is a word of one of the spec's vocabularies (§3), and the messages' prefix. */
const VOCABULARIES: Record<string, { values: readonly string[]; prefix: string }> = {
  furnishing: { values: FURNISHINGS, prefix: 'customer.furnishing' },
  marketStatus: { values: MARKET_STATUSES, prefix: 'customer.marketStatus' },
  occupancy: { values: OCCUPANCIES, prefix: 'customer.occupancy' },
  fitOut: { values: FIT_OUTS, prefix: 'customer.fitOut' },
  facing: { values: FACINGS, prefix: 'customer.facing' },
  paymentMethod: { values: PAYMENT_METHODS, prefix: 'customer.paymentMethod' },
};
/** Counts shown as numbers. */
const COUNTS = ['livingRooms', 'guestRooms', 'parking', 'numberOfFloors', 'floorNumber', 'cheques', 'age'];
/** Amounts in the listing's currency. */
const AMOUNTS = ['serviceCharge', 'securityDeposit'];
/** Yes/no facts. */
const FLAGS = ['maidsRoom', 'driverRoom'];
/** Free text the agent typed, shown as typed. */
const TEXTS = ['unitNumber', 'layoutType', 'zone', 'district', 'street'];

/**
 * The listing's key facts as a definition list: kind, purpose and agreement first, then every
 * fact the listing carries, vocabularies (furnishing, market status, occupancy, fit-out,
 * facing, payment) in the page's language, counts and amounts formatted, reference numbers
 * kept left to right.
 */
export function KeyFacts({ listing }: { listing: PropertyDetail['listing'] }) {
  const intl = useIntl();
  const language = useLanguage();
  const t = (id: string) => intl.formatMessage({ id });
  const rows: { key: string; value: React.ReactNode }[] = [
    { key: 'kind', value: t(`customer.kind.${listing.kind}`) },
    { key: 'purpose', value: t(`customer.purpose.${listing.purpose}`) },
    { key: 'agreement', value: t(`customer.agreement.${listing.agreementType}`) },
  ];
  for (const [key, vocabulary] of Object.entries(VOCABULARIES)) {
    const value = listing.facts[key];
    if (typeof value === 'string' && vocabulary.values.includes(value))
      rows.push({ key, value: t(`${vocabulary.prefix}.${value}`) });
  }
  for (const key of COUNTS) {
    const value = listing.facts[key];
    if (typeof value === 'number') rows.push({ key, value: <Ltr>{formatNumber(value, language)}</Ltr> });
  }
  for (const key of AMOUNTS) {
    const value = listing.facts[key];
    if (typeof value === 'number') rows.push({ key, value: formatPrice(value, listing.currency, language) });
  }
  for (const key of FLAGS) {
    const value = listing.facts[key];
    if (typeof value === 'boolean')
      rows.push({ key, value: t(value ? 'customer.property.yes' : 'customer.property.no') });
  }
  for (const key of TEXTS) {
    const value = listing.facts[key];
    if (typeof value === 'string' && value) rows.push({ key, value });
  }
  if (listing.referenceNumber)
    rows.push({ key: 'referenceNumber', value: <Ltr>{listing.referenceNumber}</Ltr> });
  rows.push({
    key: 'listedOn',
    value: intl.formatDate(listing.approvedAt, { day: '2-digit', month: 'short', year: 'numeric' }),
  });
  return (
    <section className="cu-property__section" aria-labelledby="property-facts">
      <h2 id="property-facts">{t('customer.property.keyFacts')}</h2>
      <dl className="cu-facts" data-testid="key-facts">
        {rows.map((row) => (
          <div key={row.key} className="cu-facts__row" data-testid={`fact-${row.key}`}>
            <dt>{t(`customer.property.fact.${row.key}`)}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
