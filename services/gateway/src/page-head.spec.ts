import { describe, expect, it } from '@jest/globals';
import { siteHead } from '@manzil/contracts';
import { renderIndex } from './page-head.js';

/** The shell's index.html as the production build writes it (html-webpack-plugin minifies it). */
const MINIFIED =
  '<!doctype html><html lang=en dir=ltr><head><meta charset=utf-8><meta name=viewport content="width=device-width,initial-scale=1"><meta name=theme-color content=#0c7a57><meta name=description content="Manzil: properties to buy and rent in the UAE and Saudi Arabia"><title>Manzil | منزل</title><script defer=defer src=/main.1a2b3c4d.js></script></head><body><div id=root></div></body></html>';
/** As written in the source (the dev build keeps it so). */
const PLAIN =
  '<!doctype html>\n<html lang="en" dir="ltr">\n  <head>\n    <meta name="description" content="Generic" />\n    <title>Manzil</title>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>';

const ASSETS = [
  'ibm-plex-sans-latin-400-normal.0123abcd.woff2',
  'ibm-plex-sans-latin-400-normal.4567cdef.woff',
  'ibm-plex-sans-latin-500-normal.89ab0123.woff2',
  'ibm-plex-sans-latin-700-normal.cdef4567.woff2',
  'ibm-plex-sans-arabic-arabic-400-normal.aaaa1111.woff2',
  'ibm-plex-sans-arabic-arabic-700-normal.bbbb2222.woff2',
  'ibm-plex-sans-arabic-arabic-700-normal.bbbb2222.woff',
  'logo.12345678.svg',
];

const descriptions = (html: string) => html.match(/<meta\s+name=["']?description\b/gi) ?? [];

describe('renderIndex', () => {
  it.each([
    ['minified (unquoted name)', MINIFIED],
    ['as written', PLAIN],
  ])("leaves one description, the page's own, in index.html %s", (_kind, html) => {
    const head = siteHead('ae', 'en', '/');
    const page = renderIndex(html, head, 'ae', 'http://ae.localhost:3000', '/');
    expect(descriptions(page)).toHaveLength(1);
    expect(page).toContain(`<meta name="description" content="${head.description}" data-manzil-head />`);
    expect(page).not.toContain('properties to buy and rent in the UAE and Saudi Arabia"><title>');
    expect(page).not.toContain('Generic');
    expect(page.match(/<title>/g)).toHaveLength(1);
  });

  it('takes out only the generic description tag of the minified file, not what follows it', () => {
    const page = renderIndex(MINIFIED, siteHead('ae', 'en', '/'), 'ae', 'http://ae.localhost:3000');
    expect(page).toContain(
      '<meta name=theme-color content=#0c7a57><script defer=defer src=/main.1a2b3c4d.js></script>',
    );
  });

  it("preloads the cover's IBM Plex files of the page's language, bold and regular, and sets the cover in them", () => {
    const en = renderIndex(
      MINIFIED,
      siteHead('ae', 'en', '/'),
      'ae',
      'http://ae.localhost:3000',
      '/',
      ASSETS,
    );
    const preloads = (page: string) => page.match(/<link rel="preload"[^>]*>/g) ?? [];
    expect(preloads(en)).toEqual([
      '<link rel="preload" href="/assets/ibm-plex-sans-latin-400-normal.0123abcd.woff2" as="font" type="font/woff2" crossorigin />',
      '<link rel="preload" href="/assets/ibm-plex-sans-latin-700-normal.cdef4567.woff2" as="font" type="font/woff2" crossorigin />',
    ]);
    // In the head, before the scripts' own requests.
    expect(en.indexOf('rel="preload"')).toBeLessThan(en.indexOf('</head>'));
    expect(en).toContain(
      "@font-face{font-family:'Manzil Cover';font-style:normal;font-display:block;font-weight:700;src:url(/assets/ibm-plex-sans-latin-700-normal.cdef4567.woff2) format('woff2')}",
    );
    expect(en).toContain("#mz-first-paint{font-family:'Manzil Cover','IBM Plex Sans',system-ui,sans-serif}");

    const ar = renderIndex(
      MINIFIED,
      siteHead('sa', 'ar', '/'),
      'sa',
      'http://sa.localhost:3000',
      '/',
      ASSETS,
    );
    expect(preloads(ar)).toEqual([
      '<link rel="preload" href="/assets/ibm-plex-sans-arabic-arabic-400-normal.aaaa1111.woff2" as="font" type="font/woff2" crossorigin />',
      '<link rel="preload" href="/assets/ibm-plex-sans-arabic-arabic-700-normal.bbbb2222.woff2" as="font" type="font/woff2" crossorigin />',
    ]);
    expect(ar).toContain(
      "#mz-first-paint{font-family:'Manzil Cover','IBM Plex Sans Arabic',system-ui,sans-serif}",
    );
    expect(ar).not.toContain('latin');
  });

  it('preloads nothing when the build has no such fonts (the system fonts then)', () => {
    const page = renderIndex(MINIFIED, siteHead('ae', 'en', '/'), 'ae', 'http://ae.localhost:3000', '/', [
      'logo.12345678.svg',
    ]);
    expect(page).not.toContain('rel="preload"');
    expect(page).not.toContain('@font-face');
  });
});
