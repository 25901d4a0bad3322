import { z } from 'zod';
import type { MortgageSettings } from './cms.js';
import type { Language } from './site.js';
import { lazySchema } from './lazy-schema.js';

/**
 * Dubai's upfront costs as the regulators publish them (DLD 4 %, trustee fee AED 2,000 below /
 * 4,000 above the threshold, mortgage registration 0.25 % + AED 290, VAT 5 %): content's seed
 * of the UAE site, which admins may change.
 */
export const DUBAI_MORTGAGE_FEES: MortgageSettings['fees'] = {
  landDepartmentPercent: 4,
  registrationFeeBelow: 2000,
  registrationFeeAbove: 4000,
  mortgageRegistrationPercent: 0.25,
  mortgageRegistrationFixed: 290,
  agencyPercentBelow: 2,
  agencyPercentAbove: 2,
  bankArrangementPercent: 1,
  valuationFee: 3000,
  vatPercent: 5,
};

/**
 * The mortgage calculator (spec §5 and §9): its rules with their messages, the monthly payment
 * and the upfront costs, from the site's mortgage settings (content's `GET mortgage-settings`).
 * Written once here for the calculator page and the property page's estimate.
 */
export const MORTGAGE_MESSAGES = {
  'mortgage.value.min': {
    en: 'Property value must be at least 50,000.',
    ar: 'يجب ألا تقل قيمة العقار عن \u206650,000\u2069.',
  },
  'mortgage.term.range': {
    en: 'Loan term must be 2 to 25 years.',
    ar: 'يجب أن تكون مدة التمويل من \u20662\u2069 إلى \u206625\u2069 سنة.',
  },
  'mortgage.interest.range': {
    en: 'Interest rate must be between 0.45% and 10.55%.',
    ar: 'يجب أن تكون نسبة الفائدة بين \u20660.45%\u2069 و\u206610.55%\u2069.',
  },
  'mortgage.downPayment.max': {
    en: 'Down payment can be at most 80% of the property value.',
    ar: 'لا يمكن أن تزيد الدفعة الأولى على \u206680%\u2069 من قيمة العقار.',
  },
  'mortgage.downPayment.min': {
    en: 'Down payment is below the minimum for this site.',
    ar: 'الدفعة الأولى أقل من الحد الأدنى المطلوب في هذا الموقع.',
  },
  'mortgage.number': { en: 'Please enter a number.', ar: 'يرجى إدخال رقم.' },
} as const satisfies Record<string, Record<Language, string>>;

export interface MortgageInput {
  propertyValue: number;
  /** An amount in the site's currency, not a percent. */
  downPayment: number;
  termYears: number;
  /** Yearly, in percent (4.25 = 4.25 %). */
  interestRate: number;
}

const amount = lazySchema(() =>
  z.coerce.number({ message: 'mortgage.number' }).refine(Number.isFinite, 'mortgage.number'),
);

/**
 * The calculator's input checked against the site's settings: value ≥ the minimum (50,000),
 * term 2–25 years, interest 0.45–10.55 %, down payment between the site's minimum share
 * (UAE Central Bank 20 %, SAMA 10 %) and 80 % of the value. Each message is a key of
 * MORTGAGE_MESSAGES (`fieldMessage` gives the text).
 */
export function mortgageInputSchema(settings: MortgageSettings) {
  return z
    .object({
      propertyValue: amount.refine((v) => v >= settings.minPropertyValue, 'mortgage.value.min'),
      downPayment: amount.refine((v) => v >= 0, 'mortgage.downPayment.min'),
      termYears: amount.refine(
        (v) => Number.isInteger(v) && v >= settings.minTermYears && v <= settings.maxTermYears,
        'mortgage.term.range',
      ),
      interestRate: amount.refine(
        (v) => v >= settings.minInterestRate && v <= settings.maxInterestRate,
        'mortgage.interest.range',
      ),
    })
    .superRefine((input, context) => {
      const problem = downPaymentProblem(input, settings);
      if (problem) context.addIssue({ code: 'custom', path: ['downPayment'], message: problem });
    });
}

/** The down payment's rule, on its own so a form can report it beside the other fields' errors. */
export function downPaymentProblem(
  input: Pick<MortgageInput, 'propertyValue' | 'downPayment'>,
  settings: MortgageSettings,
): keyof typeof MORTGAGE_MESSAGES | null {
  const { propertyValue, downPayment } = input;
  if (!(propertyValue > 0) || !Number.isFinite(downPayment)) return null;
  // Compared as amounts to the cent, so a share typed as an amount (20 % of 1,234,567 is 246,913.4) passes.
  const toCents = (value: number) => Math.round(value * 100);
  if (toCents(downPayment) > toCents((propertyValue * settings.maxDownPaymentPercent) / 100))
    return 'mortgage.downPayment.max';
  if (toCents(downPayment) < toCents((propertyValue * settings.minDownPaymentPercent) / 100))
    return 'mortgage.downPayment.min';
  return null;
}

export interface MortgageQuote {
  loanAmount: number;
  monthlyPayment: number;
  /** Interest over the whole term. */
  totalInterest: number;
  upfront: {
    /** Dubai Land Department fee (ae); real estate transaction tax (sa). */
    landDepartment: number;
    /** Registration trustee fee, by the value's side of `feeThreshold`. */
    registration: number;
    mortgageRegistration: number;
    agency: number;
    bankArrangement: number;
    valuation: number;
    /** On the service fees: registration trustee, agency, bank arrangement and valuation. */
    vat: number;
    total: number;
  };
  /** Down payment plus upfront costs: what the buyer needs in cash. */
  cashNeeded: number;
}

const cents = (value: number) => Math.round(value * 100) / 100;

/**
 * Monthly payment of an annuity loan (the usual fixed-rate formula, interest monthly), and the
 * upfront costs from the site's rates. Agency and registration fees take the rate of the
 * value's side of the threshold (spec §9: "agency fee tiers split at 500,000 AED; admin fee
 * differs above or below"). VAT is charged on the service fees, not on the government ones
 * (land department, mortgage registration), as in Dubai and Saudi practice.
 */
export function mortgageQuote(input: MortgageInput, settings: MortgageSettings): MortgageQuote {
  const loanAmount = Math.max(0, input.propertyValue - input.downPayment);
  const months = Math.round(input.termYears * 12);
  const rate = input.interestRate / 100 / 12;
  const monthlyPayment =
    months === 0 ? 0 : rate === 0 ? loanAmount / months : (loanAmount * rate) / (1 - (1 + rate) ** -months);
  const { fees } = settings;
  const above = input.propertyValue > settings.feeThreshold;
  const landDepartment = (input.propertyValue * fees.landDepartmentPercent) / 100;
  const registration = above ? fees.registrationFeeAbove : fees.registrationFeeBelow;
  const mortgageRegistration =
    loanAmount > 0
      ? (loanAmount * fees.mortgageRegistrationPercent) / 100 + fees.mortgageRegistrationFixed
      : 0;
  const agency = (input.propertyValue * (above ? fees.agencyPercentAbove : fees.agencyPercentBelow)) / 100;
  const bankArrangement = (loanAmount * fees.bankArrangementPercent) / 100;
  const valuation = loanAmount > 0 ? fees.valuationFee : 0;
  const vat = ((registration + agency + bankArrangement + valuation) * fees.vatPercent) / 100;
  const total =
    landDepartment + registration + mortgageRegistration + agency + bankArrangement + valuation + vat;
  return {
    loanAmount: cents(loanAmount),
    monthlyPayment: cents(monthlyPayment),
    totalInterest: cents(monthlyPayment * months - loanAmount),
    upfront: {
      landDepartment: cents(landDepartment),
      registration: cents(registration),
      mortgageRegistration: cents(mortgageRegistration),
      agency: cents(agency),
      bankArrangement: cents(bankArrangement),
      valuation: cents(valuation),
      vat: cents(vat),
      total: cents(total),
    },
    cashNeeded: cents(input.downPayment + total),
  };
}
