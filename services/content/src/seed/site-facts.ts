import type { Site } from '@manzil/contracts';

/** Words the seed texts need per site, in both languages. */
export const SEED_FACTS = {
  ae: {
    country: { en: 'the UAE', ar: 'الإمارات' },
    city: { en: 'Dubai', ar: 'دبي' },
    currency: { en: 'AED', ar: 'درهم' },
    regulator: {
      en: 'RERA and the Dubai Land Department',
      ar: 'مؤسسة التنظيم العقاري ودائرة الأراضي والأملاك في دبي',
    },
    tenancyRegister: { en: 'Ejari', ar: 'إيجاري' },
    family: { en: 'Jumeirah Village Circle', ar: 'قرية جميرا الدائرية' },
    waterfront: { en: 'Dubai Marina', ar: 'دبي مارينا' },
    transferFee: { en: '4% Dubai Land Department fee', ar: 'رسوم دائرة الأراضي والأملاك البالغة 4%' },
    minDown: 20,
  },
  sa: {
    country: { en: 'Saudi Arabia', ar: 'السعودية' },
    city: { en: 'Riyadh', ar: 'الرياض' },
    currency: { en: 'SAR', ar: 'ريال' },
    regulator: { en: 'the Real Estate General Authority (REGA)', ar: 'الهيئة العامة للعقار' },
    tenancyRegister: { en: 'Ejar', ar: 'إيجار' },
    family: { en: 'Al Malqa', ar: 'الملقا' },
    waterfront: { en: "Jeddah's Al Shati", ar: 'الشاطئ في جدة' },
    transferFee: { en: '5% real estate transaction tax', ar: 'ضريبة التصرفات العقارية البالغة 5%' },
    minDown: 10,
  },
} as const satisfies Record<Site, unknown>;
export type SeedFacts = (typeof SEED_FACTS)[Site];
