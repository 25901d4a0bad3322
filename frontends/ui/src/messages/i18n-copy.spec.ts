import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { TYPE, parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import {
  CMS_ACKNOWLEDGEMENTS,
  ERROR_MESSAGES,
  FAQ_CATEGORIES,
  FIELD_MESSAGES,
  GOOGLE_LINK_REQUIRED_MESSAGE,
  GOOGLE_SIGNUP_CUSTOMERS_ONLY,
  PAGE_TEXTS,
  type Language,
} from '@manzil/contracts';

/**
 * The Arabic copy rules of docs/GLOSSARY.md that a machine can check, over every frontend's
 * catalogues (read from disk, so no frontend imports another) and contracts' bilingual texts.
 */

/** Words written in Latin letters in Arabic text too (GLOSSARY "Latin letters in Arabic text"). */
export const ALLOWED_LATIN = [
  'Google Play',
  'App Store',
  'Google',
  'Markdown',
  'English',
  'JPEG',
  'JPG',
  'PNG',
  'GIF',
  'PDF',
  'MP4',
  'BRN',
  'ORN',
];

/** Forms the glossary replaced: one term per domain word. */
const BANNED: Array<[RegExp, string]> = [
  [/وكيل|وكلاء|وكلائ/, 'agent is «وسيط عقاري» / «الوسيط»'],
  [/المجتمع|مجتمعات/, 'community is «المنطقة», sub-community «الحي»'],
  [/ميجابايت/, 'MB is «ميغابايت»'],
  [/أحرف كبيرة|أحرف صغيرة|حروف كبيرة/, 'Arabic has no letter case'],
  [/انقر على موافق/, 'say what to agree to'],
  [/رخصة الإعلان/, 'REGA says «ترخيص الإعلان»'],
  [/اً/, 'tanwin al-fath on the letter before the alif («قريبًا»)'],
];

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const CATALOGUES = {
  shell: 'frontends/shell/src/i18n',
  customer: 'frontends/customer/src/i18n',
  admin: 'frontends/admin/src/i18n',
  'company-portal': 'frontends/company-portal/src/i18n',
  'agent-portal': 'frontends/agent-portal/src/i18n',
  ui: 'frontends/ui/src/messages',
};

function catalogue(folder: string, language: Language): Record<string, string> {
  return JSON.parse(readFileSync(`${ROOT}${folder}/${language}.json`, 'utf8')) as Record<string, string>;
}

/** Arguments that carry text typed by someone (either script): FSI…PDI around them in Arabic. */
const USER_TEXT = ['name', 'title'];

/** The literal text of a message (ICU syntax and argument names left out) and its arguments. */
function analyse(message: string) {
  const text: string[] = [];
  const args = new Set<string>();
  const plurals: Array<{ name: string; options: string[] }> = [];
  const exposed: string[] = [];
  const walk = (elements: MessageFormatElement[]) => {
    elements.forEach((element, index) => {
      if (element.type === TYPE.argument && USER_TEXT.includes(element.value)) {
        const before = elements[index - 1];
        const after = elements[index + 1];
        const isolated =
          before?.type === TYPE.literal &&
          before.value.endsWith('\u2068') &&
          after?.type === TYPE.literal &&
          after.value.startsWith('\u2069');
        if (!isolated) exposed.push(element.value);
      }
    });
    for (const element of elements) {
      switch (element.type) {
        case TYPE.literal:
          text.push(element.value);
          break;
        case TYPE.tag:
          args.add(element.value);
          walk(element.children);
          break;
        case TYPE.plural:
          args.add(element.value);
          plurals.push({ name: element.value, options: Object.keys(element.options) });
          for (const option of Object.values(element.options)) walk(option.value);
          break;
        case TYPE.select:
          args.add(element.value);
          for (const option of Object.values(element.options)) walk(option.value);
          break;
        case TYPE.pound:
          break;
        default:
          args.add(element.value);
      }
    }
  };
  walk(parse(message, { ignoreTag: false }));
  return { text: text.join(' ').replace(/\s+/g, ' ').trim(), args: [...args].sort(), plurals, exposed };
}

/** What is wrong with one Arabic text, as readable lines (empty when nothing is). */
function arabicProblems(text: string): string[] {
  const problems: string[] = [];
  let rest = text;
  for (const word of ALLOWED_LATIN) rest = rest.split(word).join(' ');
  const latin = rest.match(/[A-Za-z]+/g);
  if (latin) problems.push(`Latin letters outside the allow-list: ${latin.join(', ')}`);
  for (const [pattern, why] of BANNED) if (pattern.test(text)) problems.push(`${pattern.source}: ${why}`);
  // A sign before a digit must sit inside an LRI…PDI run, or "-90" reads "90-" in Arabic.
  if (/(^|[^\u2066\d])[-+−]\d/.test(text)) problems.push('a signed number not isolated (LRI … PDI)');
  return problems;
}

describe('frontend catalogues', () => {
  for (const [name, folder] of Object.entries(CATALOGUES)) {
    describe(name, () => {
      const en = catalogue(folder, 'en');
      const ar = catalogue(folder, 'ar');

      it('has the same keys in English and Arabic', () => {
        expect(Object.keys(ar).filter((key) => !(key in en))).toEqual([]);
        expect(Object.keys(en).filter((key) => !(key in ar))).toEqual([]);
      });

      it('has the same placeholders in both languages, and valid ICU in each', () => {
        const differing = Object.keys(en)
          .filter((key) => key in ar)
          .filter((key) => analyse(en[key]).args.join() !== analyse(ar[key]).args.join())
          .map((key) => `${key}: ${analyse(en[key]).args.join()} ≠ ${analyse(ar[key]).args.join()}`);
        expect(differing).toEqual([]);
      });

      it('writes Arabic by the glossary: no stray Latin, no replaced terms, isolated signed numbers', () => {
        const wrong = Object.entries(ar).flatMap(([key, value]) =>
          arabicProblems(analyse(value).text).map((problem) => `${key}: ${problem}`),
        );
        expect(wrong).toEqual([]);
      });

      it('isolates text typed by people (FSI … PDI) inside Arabic messages', () => {
        const exposed = Object.entries(ar).flatMap(([key, value]) =>
          analyse(value).exposed.map((name) => `${key}: {${name}}`),
        );
        expect(exposed).toEqual([]);
      });

      it('gives every Arabic plural the forms Arabic needs (one, two, few, many, other)', () => {
        const missing = Object.entries(ar).flatMap(([key, value]) =>
          analyse(value)
            .plurals.filter(
              (plural) => !['one', 'two', 'few', 'many', 'other'].every((c) => plural.options.includes(c)),
            )
            .map((plural) => `${key}: {${plural.name}} has ${plural.options.join(', ')}`),
        );
        expect(missing).toEqual([]);
      });
    });
  }
});

/** Glossary phrases that must read the same wherever their English is used. */
const ONE_PHRASE = [
  'Contact us',
  'Something went wrong',
  'Try again',
  'Mobile number',
  'Country code',
  'Email',
];

describe('one English phrase, one Arabic phrase', () => {
  it('translates the glossary phrases the same way in every frontend', () => {
    const seen = new Map<string, Set<string>>(ONE_PHRASE.map((english) => [english, new Set<string>()]));
    for (const folder of Object.values(CATALOGUES)) {
      const en = catalogue(folder, 'en');
      const ar = catalogue(folder, 'ar');
      for (const [key, english] of Object.entries(en)) seen.get(english)?.add(ar[key]);
    }
    const split = [...seen]
      .filter(([, arabic]) => arabic.size > 1)
      .map(([english, arabic]) => [english, [...arabic]]);
    expect(split).toEqual([]);
  });
});

describe("contracts' bilingual texts", () => {
  const records: Record<string, Record<string, Record<Language, string>>> = {
    ERROR_MESSAGES,
    FIELD_MESSAGES,
    CMS_ACKNOWLEDGEMENTS,
    FAQ_CATEGORIES,
    GOOGLE: { link: GOOGLE_LINK_REQUIRED_MESSAGE, signup: GOOGLE_SIGNUP_CUSTOMERS_ONLY },
    ...Object.fromEntries(
      Object.entries(PAGE_TEXTS).map(([key, texts]) => [
        `PAGE_TEXTS.${key}`,
        {
          title: { en: texts.en.title, ar: texts.ar.title },
          description: { en: texts.en.description, ar: texts.ar.description },
        },
      ]),
    ),
  };

  it('writes Arabic by the glossary', () => {
    const wrong = Object.entries(records).flatMap(([record, entries]) =>
      Object.entries(entries).flatMap(([key, texts]) =>
        [
          ...arabicProblems(analyse(texts.ar).text),
          ...(analyse(texts.en).args.join() === analyse(texts.ar).args.join() ? [] : ['placeholders differ']),
        ].map((problem) => `${record}.${key}: ${problem}`),
      ),
    );
    expect(wrong).toEqual([]);
  });
});

describe('the checks themselves', () => {
  it('catch what they are for', () => {
    expect(arabicProblems('يجب أن يكون خط العرض بين -90 و90.')).toHaveLength(1);
    expect(arabicProblems('يجب أن يكون خط العرض بين \u2066-90\u2069 و\u206690\u2069.')).toEqual([]);
    expect(arabicProblems('أقل من 2 MB')[0]).toContain('MB');
    expect(arabicProblems('رقم BRN عبر Google Play')).toEqual([]);
    expect(arabicProblems('إضافة وكيل')).toHaveLength(1);
    expect(analyse('{count, plural, one {# عقار} other {# عقار}} في {place}').args).toEqual([
      'count',
      'place',
    ]);
    expect(analyse('{count, plural, one {# bed} other {# beds}}').text).toBe('bed beds');
    expect(analyse('حذف {name}؟').exposed).toEqual(['name']);
    expect(analyse('حذف \u2068{name}\u2069؟').exposed).toEqual([]);
    expect(arabicProblems('قريباً')).toHaveLength(1);
  });
});
