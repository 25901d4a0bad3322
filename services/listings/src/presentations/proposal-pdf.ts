import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { chromium, type Browser } from 'playwright-core';
import {
  PROJECT_COMPLETION_LABELS,
  UNIT_LAYOUT_LABELS,
  type Language,
  type Presentation,
  type ProjectPresentation,
} from '@manzil/contracts';

const require = createRequire(import.meta.url);

/** The site's fonts as data URLs, so the PDF needs no network and no fonts on the machine. */
function fontFace(family: string, file: string, weight: number): string {
  const bytes = readFileSync(require.resolve(file));
  return `@font-face{font-family:'${family}';font-weight:${weight};font-style:normal;src:url(data:font/woff2;base64,${bytes.toString('base64')}) format('woff2');}`;
}

let fonts: string | null = null;
function fontFaces(): string {
  fonts ??= [
    fontFace('IBM Plex Sans', '@fontsource/ibm-plex-sans/files/ibm-plex-sans-latin-400-normal.woff2', 400),
    fontFace('IBM Plex Sans', '@fontsource/ibm-plex-sans/files/ibm-plex-sans-latin-600-normal.woff2', 600),
    fontFace(
      'IBM Plex Sans Arabic',
      '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-400-normal.woff2',
      400,
    ),
    fontFace(
      'IBM Plex Sans Arabic',
      '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-600-normal.woff2',
      600,
    ),
  ].join('');
  return fonts;
}

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The words of the printed proposal in both languages (the page's, frontends/customer). */
const WORDS = {
  en: {
    heading: 'Property proposal',
    from: 'Shared by',
    beds: 'Beds',
    baths: 'Baths',
    area: 'Area',
    empty: 'The listings of this proposal are no longer available.',
    comma: ', ',
    projectHeading: 'Project proposal',
    projectsEmpty: 'The projects of this proposal are no longer available.',
    developer: 'Developer',
    fromPrice: 'From',
    delivery: 'Handover',
    plan: 'Payment plan',
    booking: 'booking',
    construction: 'construction',
    handover: 'handover',
    units: 'Available units',
    picked: 'Units picked for you',
    noUnits: 'No unit is available at the moment.',
  },
  ar: {
    heading: 'عرض عقاري',
    from: 'مقدم من',
    beds: 'غرف النوم',
    baths: 'الحمامات',
    area: 'المساحة',
    empty: 'إعلانات هذا العرض لم تعد متاحة.',
    comma: '، ',
    projectHeading: 'عرض مشاريع',
    projectsEmpty: 'مشاريع هذا العرض لم تعد متاحة.',
    developer: 'المطور',
    fromPrice: 'يبدأ من',
    delivery: 'التسليم',
    plan: 'خطة الدفع',
    booking: 'الحجز',
    construction: 'البناء',
    handover: 'التسليم',
    units: 'الوحدات المتاحة',
    picked: 'وحدات مختارة لك',
    noUnits: 'لا توجد وحدة متاحة حاليًا.',
  },
} as const;

/** The words of a language and its number format (Latin digits in both languages, as on the site). */
function wordsAndNumbers(language: Language) {
  const locale = language === 'ar' ? 'ar-AE-u-nu-latn' : 'en-AE';
  return { w: WORDS[language], locale, number: new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }) };
}

/**
 * The proposal as printable HTML: the share page's content (message, then one block per listing
 * with its title, place, price and facts) in the language asked, `dir="rtl"` in Arabic. Numbers
 * are Latin digits in both languages, as on the site.
 */
export function proposalHtml(presentation: Presentation, language: Language): string {
  const { w, number } = wordsAndNumbers(language);
  const cards = presentation.properties
    .map(
      (p) => `<article class="card">
  <h2>${escape(p.title[language] || p.title.en)}</h2>
  <p class="place">${escape(`${p.community[language]}${w.comma}${p.city[language]}`)}</p>
  <p class="price"><bdi>${escape(`${number.format(p.price)} ${p.currency}`)}</bdi></p>
  <p class="facts">${escape(w.beds)}: <bdi>${p.bedrooms}</bdi> · ${escape(w.baths)}: <bdi>${p.bathrooms}</bdi> · ${escape(w.area)}: <bdi>${escape(`${number.format(p.area)} ${p.areaUnit}`)}</bdi></p>
</article>`,
    )
    .join('\n');
  return printable(
    language,
    w.heading,
    presentation.agentName,
    presentation.message,
    cards || `<p>${escape(w.empty)}</p>`,
  );
}

/**
 * A project proposal as printable HTML, the same page as a property proposal's: per project its
 * title, place, developer, starting price, handover and payment plan, then its available units
 * (headed "Units picked for you" where the builder picked some of them).
 */
export function projectProposalHtml(presentation: ProjectPresentation, language: Language): string {
  const { w, number, locale } = wordsAndNumbers(language);
  const month = new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  const cards = presentation.projects
    .map((p) => {
      const place = p.community
        ? `${p.community.name[language]}${w.comma}${p.city.name[language]}`
        : p.city.name[language];
      const units = p.units.length
        ? `<table class="units"><tbody>${p.units
            .map(
              (u) =>
                `<tr><td>${escape(UNIT_LAYOUT_LABELS[u.layout][language])}</td><td>${escape(w.beds)}: <bdi>${u.bedrooms}</bdi></td><td><bdi>${escape(`${number.format(u.area)} ${p.areaUnit}`)}</bdi></td><td><bdi>${escape(`${number.format(u.price)} ${p.currency}`)}</bdi></td></tr>`,
            )
            .join('')}</tbody></table>`
        : `<p>${escape(w.noUnits)}</p>`;
      return `<article class="card">
  <h2>${escape(p.title[language] || p.title.en)}</h2>
  <p class="place">${escape(place)} · ${escape(PROJECT_COMPLETION_LABELS[p.completion][language])}</p>
  <p class="price">${escape(w.fromPrice)} <bdi>${escape(`${number.format(p.startingPrice)} ${p.currency}`)}</bdi></p>
  <p class="facts">${escape(w.developer)}: <bdi>${escape(p.developer)}</bdi> · ${escape(w.delivery)}: <bdi>${escape(month.format(new Date(`${p.deliveryDate}T00:00:00Z`)))}</bdi></p>
  <p class="facts">${escape(w.plan)}: <bdi>${p.paymentPlan.booking}%</bdi> ${escape(w.booking)} · <bdi>${p.paymentPlan.construction}%</bdi> ${escape(w.construction)} · <bdi>${p.paymentPlan.handover}%</bdi> ${escape(w.handover)}</p>
  <h3>${escape(p.unitsPicked ? w.picked : w.units)}</h3>
  ${units}
</article>`;
    })
    .join('\n');
  return printable(
    language,
    w.projectHeading,
    presentation.agentName,
    presentation.message,
    cards || `<p>${escape(w.projectsEmpty)}</p>`,
  );
}

/** The printed page both kinds share: heading, who shared it, the message, then the cards. */
function printable(
  language: Language,
  heading: string,
  agentName: string,
  message: string | null,
  body: string,
): string {
  const w = WORDS[language];
  return `<!doctype html>
<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><title>${escape(heading)}</title>
<style>${fontFaces()}
body{font-family:'IBM Plex Sans','Noto Sans Arabic','IBM Plex Sans Arabic',sans-serif;color:#1d2b24;margin:0;padding:32px;font-size:14px}
body:lang(ar){font-family:'Noto Sans Arabic','IBM Plex Sans Arabic','IBM Plex Sans',sans-serif}
h1{color:#0f7b4f;font-size:26px;margin:0 0 4px}
.from{color:#52615a;margin:0 0 16px}
.message{white-space:pre-line;border-inline-start:4px solid #0f7b4f;padding-inline-start:12px;margin:0 0 24px}
.card{border:1px solid #d9e2dd;border-radius:8px;padding:16px;margin-block-end:12px;break-inside:avoid}
.card h2{font-size:18px;margin:0 0 4px}
.place{color:#52615a;margin:0 0 8px}
.price{font-size:20px;font-weight:600;color:#0f7b4f;margin:0 0 8px}
.facts{margin:0 0 4px}
.card h3{font-size:14px;margin:12px 0 4px}
.units{border-collapse:collapse;inline-size:100%}
.units td{border-block-start:1px solid #d9e2dd;padding:4px 8px;text-align:start}
</style></head>
<body>
<h1>${escape(heading)}</h1>
<p class="from">${escape(w.from)} <bdi>${escape(agentName)}</bdi></p>
${message ? `<p class="message" dir="auto">${escape(message)}</p>` : ''}
${body}
</body></html>`;
}

/**
 * Arabic is printed in Noto Sans Arabic (Debian `fonts-noto-core`, installed beside chromium)
 * where the machine has it, IBM Plex Sans Arabic (the site's, embedded) otherwise: Plex joins
 * more letter pairs into ligatures (في, تي), whose letters PDF readers extract in drawing order,
 * so copying or searching the PDF would find reversed pairs; Noto ligates only lam-alef.
 *
 * Prints HTML to PDF with Chromium (`page.pdf()`): Chromium shapes Arabic (joined letters) and
 * orders right-to-left runs as the browser shows them, which PDF libraries that draw text
 * themselves get wrong (STACK-NOTES). One browser per service instance, started on first use;
 * a page per document.
 */
@Injectable()
export class ProposalPdfRenderer implements OnModuleDestroy {
  private readonly logger = new Logger(ProposalPdfRenderer.name);
  private browser: Promise<Browser> | null = null;

  constructor(private readonly executablePath: string) {}

  private launch(): Promise<Browser> {
    this.browser ??= chromium
      .launch({
        executablePath: this.executablePath,
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--no-first-run',
          '--disable-background-networking',
        ],
      })
      .catch((error: unknown) => {
        this.browser = null;
        throw error;
      });
    return this.browser;
  }

  async render(html: string): Promise<Buffer> {
    const browser = await this.launch();
    const page = await browser.newPage({ javaScriptEnabled: false });
    try {
      // No request leaves the page: the fonts are inline and nothing else is loaded.
      await page.route('**/*', (route) => route.abort());
      await page.setContent(html, { waitUntil: 'load' });
      await page.evaluate(() => document.fonts.ready).catch(() => undefined);
      return await page.pdf({ format: 'A4', printBackground: true, margin: { top: '12mm', bottom: '12mm' } });
    } finally {
      await page.close().catch((error: unknown) => this.logger.warn(`closing a PDF page: ${String(error)}`));
    }
  }

  async onModuleDestroy(): Promise<void> {
    const browser = this.browser;
    this.browser = null;
    if (browser) await (await browser.catch(() => null))?.close();
  }
}
