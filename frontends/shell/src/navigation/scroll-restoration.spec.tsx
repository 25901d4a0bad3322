import '@manzil/ui/test/jsdom-globals';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, render } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router';
import { useScrollRestoration } from './scroll-restoration.js';

let navigate: NavigateFunction = () => undefined;

function App() {
  useScrollRestoration();
  const go = useNavigate();
  useEffect(() => {
    navigate = go;
  }, [go]);
  return null;
}

/** jsdom has no layout: a page 5000 px tall, a scroll position the test moves. */
function fakeWindow() {
  let top = 0;
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 5000 });
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => top });
  const scrollTo = jest.fn((_x: number, y: number) => {
    top = y;
    window.dispatchEvent(new Event('scroll'));
  });
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  return {
    scrollTo,
    visitorScrollsTo: (y: number) => {
      top = y;
      window.dispatchEvent(new Event('scroll'));
    },
  };
}

const frames = () => act(async () => new Promise((resolve) => setTimeout(resolve, 40)));

describe('scroll restoration', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('starts a page reached by a link at the top, and Back returns to where the visitor was', async () => {
    const page = fakeWindow();
    render(
      <MemoryRouter initialEntries={['/buy/properties-for-sale']}>
        <App />
      </MemoryRouter>,
    );
    page.visitorScrollsTo(3200);
    await frames();
    act(() => navigate('/property/apartment-23'));
    expect(page.scrollTo).toHaveBeenLastCalledWith(0, 0);
    await frames();
    page.visitorScrollsTo(400);
    await frames();
    act(() => navigate(-1));
    await frames();
    expect(page.scrollTo).toHaveBeenLastCalledWith(0, 3200);
    act(() => navigate(1));
    await frames();
    expect(page.scrollTo).toHaveBeenLastCalledWith(0, 400);
  });
});
