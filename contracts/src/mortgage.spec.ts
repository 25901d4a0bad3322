import { describe, expect, it } from '@jest/globals';
import { fieldMessage } from './errors.js';
import { MORTGAGE_LIMITS, type MortgageSettings } from './cms.js';
import { DUBAI_MORTGAGE_FEES, mortgageInputSchema, mortgageQuote } from './mortgage.js';

/** Content's seeded settings of the UAE site (services/content/src/seed/content.ts). */
const ae: MortgageSettings = {
  ...MORTGAGE_LIMITS,
  currency: 'AED',
  minDownPaymentPercent: 20,
  defaultInterestRate: 4.25,
  defaultTermYears: 25,
  defaultDownPaymentPercent: 20,
  fees: DUBAI_MORTGAGE_FEES,
};
const sa: MortgageSettings = { ...ae, currency: 'SAR', minDownPaymentPercent: 10 };

function errorsOf(settings: MortgageSettings, input: Record<string, unknown>): Record<string, string> {
  const result = mortgageInputSchema(settings).safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

const valid = { propertyValue: 1_000_000, downPayment: 200_000, termYears: 25, interestRate: 4.25 };

describe('mortgage rules (spec §5/§9)', () => {
  it('accepts the bounds themselves and strings typed in a form', () => {
    expect(errorsOf(ae, valid)).toEqual({});
    expect(
      errorsOf(ae, { propertyValue: '50000', downPayment: '10000', termYears: '2', interestRate: '0.45' }),
    ).toEqual({});
    expect(errorsOf(ae, { ...valid, termYears: 25, interestRate: 10.55, downPayment: 800_000 })).toEqual({});
  });

  it('refuses each rule broken, with its message key', () => {
    expect(errorsOf(ae, { ...valid, propertyValue: 49_999, downPayment: 10_000 })).toEqual({
      propertyValue: 'mortgage.value.min',
    });
    expect(errorsOf(ae, { ...valid, termYears: 1 })).toEqual({ termYears: 'mortgage.term.range' });
    expect(errorsOf(ae, { ...valid, termYears: 26 })).toEqual({ termYears: 'mortgage.term.range' });
    expect(errorsOf(ae, { ...valid, termYears: 2.5 })).toEqual({ termYears: 'mortgage.term.range' });
    expect(errorsOf(ae, { ...valid, interestRate: 0.44 })).toEqual({
      interestRate: 'mortgage.interest.range',
    });
    expect(errorsOf(ae, { ...valid, interestRate: 10.56 })).toEqual({
      interestRate: 'mortgage.interest.range',
    });
    expect(errorsOf(ae, { ...valid, downPayment: 800_001 })).toEqual({
      downPayment: 'mortgage.downPayment.max',
    });
    expect(errorsOf(ae, { ...valid, propertyValue: 'abc' })).toEqual({ propertyValue: 'mortgage.number' });
  });

  it("takes the minimum down payment from the site's settings: 20 % in the UAE, 10 % in Saudi Arabia", () => {
    const fifteen = { ...valid, downPayment: 150_000 };
    expect(errorsOf(ae, fifteen)).toEqual({ downPayment: 'mortgage.downPayment.min' });
    expect(errorsOf(sa, fifteen)).toEqual({});
  });

  it('has every message in English and Arabic, numbers isolated in Arabic', () => {
    for (const key of ['mortgage.value.min', 'mortgage.term.range', 'mortgage.downPayment.max']) {
      expect(fieldMessage(key, 'en')).not.toBe(key);
      expect(fieldMessage(key, 'ar')).toMatch(/[\u0600-\u06ff]/);
    }
    expect(fieldMessage('mortgage.value.min', 'ar')).toContain('\u206650,000\u2069');
  });
});

describe('mortgageQuote', () => {
  it('gives the annuity payment of a reference loan', () => {
    // 800,000 over 25 years at 4.25 %: 4,333.90 a month (any mortgage table), 500,171.44 of interest.
    const quote = mortgageQuote(valid, ae);
    expect(quote.loanAmount).toBe(800_000);
    expect(quote.monthlyPayment).toBe(4333.9);
    expect(quote.totalInterest).toBeCloseTo(500_171.44, 0);
    // 900,000 over 20 years at 5.5 %.
    expect(
      mortgageQuote({ propertyValue: 1_000_000, downPayment: 100_000, termYears: 20, interestRate: 5.5 }, sa)
        .monthlyPayment,
    ).toBe(6190.99);
  });

  it("adds up the UAE upfront costs, with the fees of the value's side of 500,000", () => {
    const { upfront, cashNeeded } = mortgageQuote(valid, ae);
    expect(upfront).toEqual({
      landDepartment: 40_000, // 4 % of 1,000,000
      registration: 4000, // above 500,000
      mortgageRegistration: 2290, // 0.25 % of 800,000 + 290
      agency: 20_000, // 2 % of the value
      bankArrangement: 8000, // 1 % of the loan
      valuation: 3000,
      vat: 1750, // 5 % of 4,000 + 20,000 + 8,000 + 3,000
      total: 79_040,
    });
    expect(cashNeeded).toBe(279_040);
    const small = mortgageQuote(
      { propertyValue: 400_000, downPayment: 80_000, termYears: 25, interestRate: 4.25 },
      ae,
    );
    expect(small.upfront.registration).toBe(2000);
  });

  it('takes the agency rate of the value’s side of the 500,000 threshold, 500,000 itself below', () => {
    // The admin's tiers (content's mortgage settings): a higher rate for the smaller value.
    const tiered: MortgageSettings = {
      ...ae,
      fees: { ...ae.fees, agencyPercentBelow: 2.5, agencyPercentAbove: 2 },
    };
    const quote = (propertyValue: number) =>
      mortgageQuote(
        { propertyValue, downPayment: propertyValue * 0.2, termYears: 25, interestRate: 4.25 },
        tiered,
      ).upfront;
    expect(quote(400_000)).toMatchObject({ agency: 10_000, registration: 2000 }); // 2.5 %
    expect(quote(500_000)).toMatchObject({ agency: 12_500, registration: 2000 }); // still below
    expect(quote(500_001)).toMatchObject({ agency: 10_000.02, registration: 4000 }); // 2 %, above
    expect(quote(1_000_000)).toMatchObject({ agency: 20_000, registration: 4000 });
  });

  it('charges no loan fees when nothing is borrowed', () => {
    const cash = mortgageQuote(
      { propertyValue: 1_000_000, downPayment: 1_000_000, termYears: 25, interestRate: 4.25 },
      ae,
    );
    expect(cash.monthlyPayment).toBe(0);
    expect(cash.upfront.mortgageRegistration).toBe(0);
    expect(cash.upfront.bankArrangement).toBe(0);
    expect(cash.upfront.valuation).toBe(0);
  });
});
