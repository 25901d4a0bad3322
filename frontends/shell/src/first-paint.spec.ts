import '@manzil/ui/test/jsdom-globals';
import { describe, expect, it } from '@jest/globals';
import {
  COVER_FONT_FAMILY,
  FIRST_PAINT_ID,
  STARTUP_PRELOAD_ID,
  afterFirstPaint,
  releaseFirstPaint,
  startPreloads,
} from './first-paint.js';

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

describe('afterFirstPaint', () => {
  /** A font face whose file arrives when `arrive()` is called. */
  function face(family: string) {
    let arrive = () => {};
    const loaded = new Promise<void>((resolve) => (arrive = resolve));
    let loads = 0;
    const fontFace = {
      family,
      load: () => {
        loads += 1;
        return loaded.then(() => fontFace);
      },
    };
    return { fontFace, arrive: () => arrive(), loads: () => loads };
  }

  function withFonts(faces: { family: string }[]) {
    Object.defineProperty(document, 'fonts', { value: faces, configurable: true });
  }

  const settled = (promise: Promise<void>) => {
    let done = false;
    void promise.then(() => (done = true));
    return () => done;
  };

  it('starts the app at once on a page without first content', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    withFonts([]);
    await expect(afterFirstPaint(document)).resolves.toBeUndefined();
  });

  it("waits for the cover's own fonts, loading them itself, and for the frame that paints them", async () => {
    page();
    const cover = face(`"${COVER_FONT_FAMILY}"`);
    const appFont = face('IBM Plex Sans');
    withFonts([cover.fontFace, appFont.fontFace]);
    const done = settled(afterFirstPaint(document, 60_000));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(cover.loads()).toBe(1);
    expect(appFont.loads()).toBe(0);
    expect(done()).toBe(false);
    cover.arrive();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(done()).toBe(true);
  });

  it("waits for the browser's first contentful paint where it reports one", async () => {
    page();
    withFonts([]);
    // A browser that reports paints: the observer is told of the cover's first contentful paint.
    let report: (() => void) | undefined;
    class PaintObserver {
      static supportedEntryTypes = ['paint'];
      constructor(private readonly callback: (list: { getEntriesByName(name: string): unknown[] }) => void) {}
      observe() {
        report = () =>
          this.callback({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) });
      }
      disconnect() {}
    }
    Object.defineProperty(window, 'PerformanceObserver', { value: PaintObserver, configurable: true });
    try {
      const done = settled(afterFirstPaint(document, 60_000, 60_000));
      await new Promise((resolve) => setTimeout(resolve, 300));
      // One frame has long passed; the paint has not been reported yet.
      expect(done()).toBe(false);
      report!();
      await flush();
      expect(done()).toBe(true);
    } finally {
      Reflect.deleteProperty(window, 'PerformanceObserver');
    }
  });

  it('does not wait longer than the time limit for a font that never arrives', async () => {
    page();
    withFonts([face(COVER_FONT_FAMILY).fontFace]);
    const done = settled(afterFirstPaint(document, 20));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(done()).toBe(true);
  });
});

describe('startPreloads', () => {
  it("requests the start's scripts only when called: the template's preloads move into the head", () => {
    document.head.innerHTML = '';
    document.body.innerHTML = `<div id="root"></div><template id="${STARTUP_PRELOAD_ID}"><link rel="preload" as="script" href="/1.js"><link rel="preload" as="script" href="/2.js"></template>`;
    // Inert in the template: not part of the document.
    expect(document.querySelectorAll('link[rel="preload"]')).toHaveLength(0);
    startPreloads(document);
    const links = [...document.head.querySelectorAll('link[rel="preload"][as="script"]')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/1.js', '/2.js']);
    expect(document.getElementById(STARTUP_PRELOAD_ID)).toBeNull();
    // Once only.
    startPreloads(document);
    expect(document.head.querySelectorAll('link[rel="preload"]')).toHaveLength(2);
  });

  it('does nothing without the template (the dev server)', () => {
    document.head.innerHTML = '';
    document.body.innerHTML = '<div id="root"></div>';
    startPreloads(document);
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
  });
});
