import '@manzil/ui/test/jsdom-globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ComponentProps } from 'react';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FeedbackProvider, LanguageProvider, TOKEN_KEY, setLoginPromptHandler } from '@manzil/ui';
import { WithQueryClient, testQueryClient } from '@manzil/ui/test/query';
import ar from '../i18n/ar.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { WishlistButton } from './wishlist-button.js';

const ID = '0195f3a0-0000-7000-8000-0000000000aa';

/** The API: `contains` says what is saved; a save answers `saveStatus`. */
function api({ saved = false, saveStatus = 201 }: { saved?: boolean; saveStatus?: number } = {}) {
  const mock = jest.fn<typeof fetch>(async (url, init) => {
    const path = String(url);
    const status = path.includes('/contains') ? 200 : saveStatus;
    const results = path.includes('/contains')
      ? { saved: saved ? [ID] : [] }
      : init?.method === 'DELETE'
        ? { removed: true }
        : null;
    return {
      status,
      ok: status < 400,
      statusText: String(status),
      json: async () => ({ status, success: status < 400, message: 'No', results }),
    } as Response;
  });
  globalThis.fetch = mock;
  return mock;
}

function signIn(role: 'user' | 'agent' | null) {
  if (!role) return localStorage.removeItem(TOKEN_KEY);
  const payload = Buffer.from(JSON.stringify({ role, firstName: 'Sara' })).toString('base64url');
  localStorage.setItem(TOKEN_KEY, `header.${payload}.signature`);
}

function renderHeart(
  language: 'en' | 'ar' = 'en',
  props: Partial<ComponentProps<typeof WishlistButton>> = {},
) {
  render(
    <WithQueryClient client={testQueryClient()}>
      <LanguageProvider language={language} messages={language === 'ar' ? ar : en}>
        <FeedbackProvider language={language}>
          <WishlistButton id={ID} {...props} />
        </FeedbackProvider>
      </LanguageProvider>
    </WithQueryClient>,
  );
  return screen.getByTestId('wishlist-heart');
}

describe('WishlistButton (spec §6 wishlist roles)', () => {
  afterEach(() => {
    localStorage.clear();
    jest.restoreAllMocks();
  });

  it('asks a visitor to log in (the wishlist prompt) and calls nothing', async () => {
    signIn(null);
    const fetchMock = api();
    const prompts: string[] = [];
    const stop = setLoginPromptHandler((reason) => prompts.push(reason));
    fireEvent.click(renderHeart());
    expect(prompts).toEqual(['wishlist']);
    expect(fetchMock).not.toHaveBeenCalled();
    stop();
  });

  it.each([
    ['property', 'ar', 'حفظ العقارات في المفضلة متاح للعملاء فقط.'],
    ['project', 'ar', 'حفظ المشاريع في المفضلة متاح للعملاء فقط.'],
    ['unit', 'ar', 'حفظ الوحدات في المفضلة متاح للعملاء فقط.'],
    ['project', 'en', 'Only customers can save projects to a wishlist.'],
    ['unit', 'en', 'Only customers can save units to a wishlist.'],
  ] as const)(
    'tells an agent only customers save a %s (in %s), naming what they tried to save, without asking the server',
    async (kind, language, message) => {
      signIn('agent');
      const fetchMock = api();
      const heart = renderHeart(language, { kind });
      await act(async () => {
        fireEvent.click(heart);
      });
      expect((await screen.findByTestId('toast')).textContent).toContain(message);
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it('saves for a customer at once (optimistic) and goes back when the server refuses', async () => {
    signIn('user');
    const fetchMock = api({ saveStatus: 500 });
    const heart = renderHeart();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(String(fetchMock.mock.calls[0][0])).toContain(
      `/api/listings/v1/wishlist/contains?kind=property&ids=${ID}`,
    );
    expect(heart.getAttribute('data-saved')).toBe('false');
    await act(async () => {
      fireEvent.click(heart);
    });
    expect(JSON.parse(String(fetchMock.mock.calls[1][1]?.body))).toEqual({ kind: 'property', id: ID });
    expect((await screen.findByTestId('toast')).textContent).toContain('We could not update your wishlist.');
    await waitFor(() => expect(heart.getAttribute('data-saved')).toBe('false'));
  });

  it('shows a saved property filled and removes it', async () => {
    signIn('user');
    const fetchMock = api({ saved: true });
    const heart = renderHeart();
    await waitFor(() => expect(heart.getAttribute('data-saved')).toBe('true'));
    expect(heart.getAttribute('aria-label')).toBe('Remove from wishlist');
    await act(async () => {
      fireEvent.click(heart);
    });
    expect(heart.getAttribute('data-saved')).toBe('false');
    expect(fetchMock.mock.calls[1][1]?.method).toBe('DELETE');
    expect(String(fetchMock.mock.calls[1][0])).toBe(`/api/listings/v1/wishlist/property/${ID}`);
    expect((await screen.findByTestId('toast')).textContent).toContain('Removed from your wishlist.');
  });

  /**
   * The colour a browser gives `element` from the design system's buttons and the hearts' own
   * rules: the matching declaration of highest specificity, the later one on a tie (jsdom's own
   * getComputedStyle goes by order alone). jsdom cannot hover or focus-visible, so those states
   * are attributes here, of the same specificity as the pseudo-classes.
   */
  function cascadedColour(element: Element): string | undefined {
    const css = [
      path.join(import.meta.dirname, '../../../ui/src/components/components.css'),
      path.join(import.meta.dirname, 'wishlist.css'),
    ]
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replaceAll(':hover', '[data-hover]')
      .replaceAll(':focus-visible', '[data-focus-visible]');
    const specificity = (selector: string) =>
      (selector.match(/#/g)?.length ?? 0) * 100 + (selector.match(/[.[:]/g)?.length ?? 0) * 10;
    let best: { value: string; weight: number } | undefined;
    for (const [, selectors, body] of css.matchAll(/([^{}]+)\{([^}]*)\}/g)) {
      const value = /(?:^|;)\s*color\s*:\s*([^;]+)/.exec(body)?.[1].trim();
      if (!value) continue;
      const matching = selectors.split(',').filter((selector) => element.matches(selector.trim()));
      if (!matching.length) continue;
      const weight = Math.max(...matching.map(specificity));
      if (!best || weight >= best.weight) best = { value, weight };
    }
    return best?.value;
  }

  it('keeps the property page’s saved heart the cards’ red (pressed), hovered or focused too', async () => {
    signIn('user');
    api({ saved: true });
    const heart = renderHeart('en', { variant: 'page' });
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('true'));
    expect(heart.classList.contains('cu-heart--saved')).toBe(true);
    expect(heart.textContent).toBe('Remove from wishlist');
    for (const state of [null, 'data-hover', 'data-focus-visible']) {
      if (state) heart.setAttribute(state, '');
      expect([state, cascadedColour(heart)]).toEqual([state, 'var(--mz-color-danger)']);
      if (state) heart.removeAttribute(state);
    }
  });
});
