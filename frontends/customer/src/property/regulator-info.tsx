import { useIntl } from 'react-intl';
import type { PropertyDetail, Site } from '@manzil/contracts';
import { Ltr } from '@manzil/ui';

/** The regulator's fields a buyer checks (spec §3 Saudi ad fields), in this order. */
const FIELDS = [
  'adLicenseNumber',
  'brokerageLicenseNumber',
  'advertiserName',
  'creationDate',
  'endDate',
] as const;

/**
 * "Regulator-verified information" (spec §2): on the Saudi site the REGA ad licence and the
 * advertiser the regulator confirmed; on both sites the permit and the listing's reference.
 * Numbers and dates stay left to right inside Arabic text.
 */
export function RegulatorInfo({ listing, site }: { listing: PropertyDetail['listing']; site: Site }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const regulator = site === 'sa' ? (listing.regulator ?? {}) : {};
  const rows: { key: string; value: string }[] = [];
  for (const key of FIELDS) {
    const value = regulator[key];
    if (typeof value === 'string' && value) rows.push({ key, value });
  }
  if (listing.permitNumber) rows.push({ key: 'permitNumber', value: listing.permitNumber });
  if (rows.length === 0) return null;
  return (
    <section
      className="cu-property__section cu-regulator"
      aria-labelledby="regulator-info"
      data-testid="regulator-info"
    >
      <h2 id="regulator-info">
        {t(site === 'sa' ? 'customer.property.regulatorSa' : 'customer.property.regulator')}
      </h2>
      <dl className="cu-facts">
        {rows.map((row) => (
          <div key={row.key} className="cu-facts__row">
            <dt>{t(`customer.property.regulatorField.${row.key}`)}</dt>
            <dd>
              <Ltr>{row.value}</Ltr>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
