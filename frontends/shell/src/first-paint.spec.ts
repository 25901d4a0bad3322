import '@manzil/ui/test/jsdom-globals';
import { describe, expect, it } from '@jest/globals';
import { FIRST_PAINT_ID, releaseFirstPaint } from './first-paint.js';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function page() {
  document.body.innerHTML = `<div id="${FIRST_PAINT_ID}"><h1>Find your next home</h1></div><div id="root"></div>`;
  return document.getElementById('root')!;
}

describe('releaseFirstPaint', () => {
  it('keeps the first content through the covers and loading placeholders, and drops it with the page', async () => {
    const root = page();
    releaseFirstPaint(document, 60_000);
    root.innerHTML = '<div data-testid="language-cover"></div>';
    await flush();
    expect(document.getElementById(FIRST_PAINT_ID)).not.toBeNull();
    root.innerHTML = '<header></header><main><div data-testid="remote-loading"></div></main>';
    await flush();
    expect(document.getElementById(FIRST_PAINT_ID)).not.toBeNull();
    root.querySelector('main')!.innerHTML = '<h1>Find your next home</h1>';
    await flush();
    expect(document.getElementById(FIRST_PAINT_ID)).toBeNull();
  });

  it('drops it when the page shows an error fallback instead', async () => {
    const root = page();
    releaseFirstPaint(document, 60_000);
    root.innerHTML = '<main><div data-testid="remote-unavailable"></div></main>';
    await flush();
    expect(document.getElementById(FIRST_PAINT_ID)).toBeNull();
  });

  it('drops it after the time limit when the page never settles', async () => {
    const root = page();
    releaseFirstPaint(document, 20);
    root.innerHTML = '<div data-testid="session-cover"></div>';
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(document.getElementById(FIRST_PAINT_ID)).toBeNull();
  });

  it('does nothing on a page without first content', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(() => releaseFirstPaint(document)).not.toThrow();
  });
});
