import {
  ARABIC_LISTING_PAGES,
  BRAND,
  LISTING_PAGES,
  LOGIN_LEAD,
  PROPERTY_TYPE_SLUGS,
  isHeaderlessRoute,
  normalizePathname,
  type Language,
  type PageHead,
} from '@manzil/contracts';

/**
 * The page's first content, written into the index.html the gateway serves, so the first paint
 * does not wait for any script (issue 10: JavaScript before first content, Lighthouse): the
 * header (the house mark and the name) and the page's heading in its own language, laid out as
 * the app lays them out (the home's hero, a listing page's tabs and heading, else a heading).
 *
 * It is a cover over `#root` (fixed, opaque), not content React replaces: the app renders
 * beneath it and the shell's `index.ts` removes it once the page has left its covers and
 * loading placeholders, in one step, so nothing shifts or flashes blank on the way. Hidden from
 * assistive technology (the real page is what is read); no control in it. Styles are inline
 * (the design system's CSS arrives with the scripts), with the tokens' values. Its text is set in
 * the app's IBM Plex, from the same woff2 files the app's CSS names (`coverFonts`): the page
 * preloads them (`fontPreloads`), so the cover and the app draw the same glyphs and the app's
 * first render needs no font it has not got yet.
 *
 * `/login` gets its own (its bar, its heading and lead in a card, as `auth-layout.tsx` lays them
 * out on a phone); the other headerless pages get none.
 */
export const FIRST_PAINT_ID = 'mz-first-paint';

const STYLE = `<style data-first-paint>
#${FIRST_PAINT_ID}{position:fixed;inset:0;z-index:2000;overflow:hidden;background:#f5f7f6;color:#17231e;font-family:system-ui,sans-serif;font-size:1rem;line-height:1.5;text-align:start}
#${FIRST_PAINT_ID} *{box-sizing:border-box}
#${FIRST_PAINT_ID} .fp-c{inline-size:100%;max-inline-size:1240px;margin-inline:auto;padding-inline:16px}
#${FIRST_PAINT_ID} .fp-header{background:#fff;border-block-end:1px solid #e2e7e4}
#${FIRST_PAINT_ID} .fp-header .fp-c{display:flex;align-items:center;gap:8px;min-block-size:64px;padding-block:8px}
#${FIRST_PAINT_ID} .fp-menu{inline-size:40px;block-size:40px;flex:none}
#${FIRST_PAINT_ID} .fp-logo{display:inline-flex;align-items:center;gap:8px;color:#0c7a57}
#${FIRST_PAINT_ID} .fp-logo svg{inline-size:32px;block-size:32px;flex:none}
#${FIRST_PAINT_ID} .fp-name{color:#17231e;font-size:1.375rem;font-weight:700;letter-spacing:-0.01em}
#${FIRST_PAINT_ID} .fp-large svg{inline-size:40px;block-size:40px}
#${FIRST_PAINT_ID} .fp-large .fp-name{font-size:1.75rem}
#${FIRST_PAINT_ID} .fp-hero{background:radial-gradient(circle at 85% 10%,rgb(12 122 87 / 14%),transparent 45%),linear-gradient(180deg,#e6f3ed,#f5f7f6);padding-block:48px}
#${FIRST_PAINT_ID} .fp-hero h1{margin:0;font-size:1.75rem;line-height:1.2;max-inline-size:20ch}
#${FIRST_PAINT_ID} .fp-hero p{margin-block:12px 24px;margin-inline:0;color:#56655e;font-size:1.125rem;max-inline-size:48ch}
#${FIRST_PAINT_ID} .fp-tabs{block-size:46px;background:#fff;border-block-end:1px solid #e2e7e4}
#${FIRST_PAINT_ID} .fp-heading{margin:0;padding-block:24px;font-size:1.375rem;line-height:1.3}
#${FIRST_PAINT_ID} .fp-page{margin:0;padding-block:32px 16px;font-size:1.75rem;line-height:1.3}
#${FIRST_PAINT_ID} .fp-auth{display:flex;flex-direction:column;align-items:center;padding:16px 16px 48px}
#${FIRST_PAINT_ID} .fp-auth-bar{display:flex;align-items:center;inline-size:100%;max-inline-size:560px;min-block-size:40px;margin-block-end:24px}
#${FIRST_PAINT_ID} .fp-card{inline-size:100%;max-inline-size:480px;padding:24px 16px;background:#fff;border-radius:16px;box-shadow:0 1px 2px rgb(23 35 30 / 6%),0 4px 16px rgb(23 35 30 / 6%)}
#${FIRST_PAINT_ID} .fp-card h1{margin:0;font-size:1.75rem;line-height:1.25}
#${FIRST_PAINT_ID} .fp-card p{margin:8px 0 24px;color:#56655e}
html[lang=ar] #${FIRST_PAINT_ID}{line-height:1.65}
@media (min-width:768px){#${FIRST_PAINT_ID} .fp-c{padding-inline:24px}#${FIRST_PAINT_ID} .fp-hero{padding-block:64px}#${FIRST_PAINT_ID} .fp-hero h1{font-size:2.25rem}#${FIRST_PAINT_ID} .fp-heading{font-size:1.75rem}}
@media (min-width:576px){#${FIRST_PAINT_ID} .fp-card{padding:32px 24px}}
@media (min-width:992px){#${FIRST_PAINT_ID}.fp-auth-page{display:grid;grid-template-columns:minmax(340px,5fr) 7fr}#${FIRST_PAINT_ID}.fp-auth-page::before{content:'';background:linear-gradient(160deg,#0c7a57,#08603f)}#${FIRST_PAINT_ID} .fp-auth{padding-block-start:32px}#${FIRST_PAINT_ID} .fp-auth-bar .fp-logo{visibility:hidden}}
@media (min-width:1200px){#${FIRST_PAINT_ID} .fp-menu{display:none}#${FIRST_PAINT_ID} .fp-header .fp-c{gap:12px}}
</style>`;

const LOGO_MARK =
  '<svg viewBox="0 0 32 32" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="8" fill="currentColor"/><path d="M7 15.5 16 8l9 7.5M10 13.5V24h12V13.5M14 24v-5h4v5" fill="none" stroke="#fff" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/></svg>';

const LISTING_PATHS = new Set(
  PROPERTY_TYPE_SLUGS.flatMap((type) => [LISTING_PAGES[type], ARABIC_LISTING_PAGES[type]]),
);

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * The IBM Plex files the cover's text is set in (regular for the lead, bold for the name and the
 * heading), in the page's language's script: Latin in English, Arabic in Arabic. Found among the
 * shell build's assets by their fontsource names (webpack adds a content hash).
 */
const COVER_FONT_FILES: Record<Language, RegExp> = {
  en: /^ibm-plex-sans-latin-(400|700)-normal\.[0-9a-f]{8,}\.woff2$/,
  ar: /^ibm-plex-sans-arabic-arabic-(400|700)-normal\.[0-9a-f]{8,}\.woff2$/,
};
const COVER_FONT_FAMILY: Record<Language, string> = { en: 'IBM Plex Sans', ar: 'IBM Plex Sans Arabic' };
const COVER_FAMILY = 'Manzil Cover';

export interface CoverFont {
  /** Under the shell's public path: `/assets/<file>`. */
  href: string;
  weight: number;
}

/** The cover's font files for this language, given the names in the shell's `dist/assets`. */
export function coverFonts(assetNames: readonly string[], language: Language): CoverFont[] {
  return assetNames
    .map((name) => ({ name, match: COVER_FONT_FILES[language].exec(name) }))
    .filter(({ match }) => match)
    .map(({ name, match }) => ({ href: `/assets/${name}`, weight: Number(match![1]) }))
    .sort((a, b) => a.weight - b.weight);
}

/** `<link rel=preload>` for each font: fetched with the HTML, not after the CSS that names them. */
export function fontPreloads(fonts: readonly CoverFont[]): string {
  return fonts
    .map((font) => `<link rel="preload" href="${font.href}" as="font" type="font/woff2" crossorigin />`)
    .join('\n    ');
}

/**
 * The fonts' faces under a family of the cover's own, and the cover's text set in them. `block`,
 * not the app's `swap`: painted first in a fallback font, the cover's heading was smaller than
 * the app's in Plex, and the browser then took the app's later heading as the largest paint; the
 * files are preloaded and small, so the wait is short (and its own family leaves the app's faces
 * as they are).
 */
function fontStyle(fonts: readonly CoverFont[], language: Language): string {
  if (!fonts.length) return '';
  const faces = fonts
    .map(
      (font) =>
        `@font-face{font-family:'${COVER_FAMILY}';font-style:normal;font-display:block;font-weight:${font.weight};src:url(${font.href}) format('woff2')}`,
    )
    .join('\n');
  return `${faces}\n#${FIRST_PAINT_ID}{font-family:'${COVER_FAMILY}','${COVER_FONT_FAMILY[language]}',system-ui,sans-serif}\n`;
}

/** The markup and its style for this page, or null for a page that draws its own first (sign-in). */
export function firstPaint(
  pathname: string,
  head: PageHead,
  fonts: readonly CoverFont[] = [],
): { style: string; markup: string } | null {
  const path = normalizePathname(pathname);
  const title = escapeHtml(head.title);
  const style = STYLE.replace('</style>', `${fontStyle(fonts, head.language)}</style>`);
  const logoOf = (className: string) =>
    `<span class="${className}">${LOGO_MARK}<span class="fp-name">${BRAND[head.language]}</span></span>`;
  if (path === '/login') {
    const card = `<div class="fp-card"><h1>${title}</h1><p>${escapeHtml(LOGIN_LEAD[head.language])}</p></div>`;
    return {
      style,
      markup: `<div id="${FIRST_PAINT_ID}" class="fp-auth-page" aria-hidden="true"><div class="fp-auth"><div class="fp-auth-bar">${logoOf('fp-logo')}</div>${card}</div></div>`,
    };
  }
  if (isHeaderlessRoute(path)) return null;
  let body: string;
  if (path === '/') {
    body = `<section class="fp-hero"><div class="fp-c"><h1>${title}</h1><p>${escapeHtml(head.description)}</p></div></section>`;
  } else if (LISTING_PATHS.has(path)) {
    body = `<div class="fp-tabs"></div><div class="fp-c"><h1 class="fp-heading">${title}</h1></div>`;
  } else {
    body = `<div class="fp-c"><h1 class="fp-page">${title}</h1></div>`;
  }
  // The home's header has the large logo (shell/src/layout/header.tsx).
  const logo = path === '/' ? 'fp-logo fp-large' : 'fp-logo';
  const header = `<div class="fp-header"><div class="fp-c"><span class="fp-menu"></span>${logoOf(logo)}</div></div>`;
  return {
    style,
    markup: `<div id="${FIRST_PAINT_ID}" aria-hidden="true">${header}${body}</div>`,
  };
}
