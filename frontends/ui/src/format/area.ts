import { areaUnitLabel, type AreaUnit, type Language } from '@manzil/contracts';
import { isolateLtr } from './locale.js';
import { formatNumber } from './number.js';

export { areaUnitLabel, type AreaUnit };

export function formatArea(area: number, unit: AreaUnit, language: Language): string {
  const amount = formatNumber(area, language);
  return `${language === 'ar' ? isolateLtr(amount) : amount} ${areaUnitLabel(unit, language)}`;
}
