import { describe, expect, it } from '@jest/globals';
import { siteHead } from '@manzil/contracts';
import { renderIndex } from './page-head.js';

/** The shell's index.html as the production build writes it (html-webpack-plugin minifies it). */
const MINIFIED =
  '<!doctype html><html lang=en dir=ltr><head><meta charset=utf-8><meta name=viewport content="width=device-width,initial-scale=1"><meta name=theme-color content=#0c7a57><meta name=description content="Manzil: properties to buy and rent in the UAE and Saudi Arabia"><title>Manzil | منزل</title><script defer=defer src=/main.1a2b3c4d.js></script></head><body><div id=root></div></body></html>';
/** As written in the source (the dev build keeps it so). */
const PLAIN =
  '<!doctype html>\n<html lang="en" dir="ltr">\n  <head>\n    <meta name="description" content="Generic" />\n    <title>Manzil</title>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>';

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
});
