import '@manzil/ui/test/jsdom-globals';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { FeedbackProvider, LanguageProvider } from '@manzil/ui';
import { WithQueryClient, testQueryClient } from '@manzil/ui/test/query';
import en from '../i18n/en.json' with { type: 'json' };
import { KindEditor } from './kind-editor.js';

function renderNewPage() {
  render(
    <WithQueryClient client={testQueryClient()}>
      <MemoryRouter initialEntries={['/admin/content/pages/new']}>
        <LanguageProvider language="en" messages={en}>
          <FeedbackProvider language="en">
            <Routes>
              <Route path="/admin/content/:kind/:id" element={<KindEditor kind="pages" />} />
            </Routes>
          </FeedbackProvider>
        </LanguageProvider>
      </MemoryRouter>
    </WithQueryClient>,
  );
}

const box = (testId: string) => screen.getByTestId(testId) as HTMLInputElement | HTMLTextAreaElement;
const type = (testId: string, value: string) => fireEvent.change(box(testId), { target: { value } });

describe('CMS editor', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('checks both languages of a field, says it once, and sends nothing until they are right', async () => {
    const fetchMock = jest.fn<typeof fetch>();
    globalThis.fetch = fetchMock;
    renderNewPage();
    type('field-slug', 'moving-guide');
    type('field-publicSlug', 'moving-guide');
    type('field-publicSlugAr', 'دليل-الانتقال');
    type('field-title-en', 'Moving guide');
    type('field-body-en', 'Book the movers early.');
    type('field-body-ar', 'احجز شركة النقل مبكراً.');
    await act(async () => {
      fireEvent.click(screen.getByTestId('admin-save'));
    });
    // The Arabic title is missing: beside its box, in the summary, focused; nothing sent.
    const arabic = box('field-title-ar');
    expect(arabic.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(arabic.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Please enter a value.',
    );
    expect(box('field-title-en').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(arabic);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("puts the server's refusal of a field beside it", async () => {
    const fetchMock = jest.fn<typeof fetch>(
      async () =>
        ({
          status: 422,
          ok: false,
          statusText: '',
          json: async () => ({
            status: 422,
            success: false,
            message: 'Please check the highlighted fields.',
            results: { fields: [{ field: 'publicSlug', message: 'This slug is already used.' }] },
          }),
        }) as Response,
    );
    globalThis.fetch = fetchMock;
    renderNewPage();
    type('field-slug', 'moving-guide');
    type('field-publicSlug', 'about-us');
    type('field-publicSlugAr', 'دليل-الانتقال');
    type('field-title-en', 'Moving guide');
    type('field-title-ar', 'دليل الانتقال');
    type('field-body-en', 'Book the movers early.');
    type('field-body-ar', 'احجز شركة النقل مبكراً.');
    await act(async () => {
      fireEvent.click(screen.getByTestId('admin-save'));
    });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toBe('/api/content/v1/admin/pages');
    expect(JSON.parse(String(init?.body))).toMatchObject({
      title: { en: 'Moving guide', ar: 'دليل الانتقال' },
      position: 0,
    });
    await waitFor(() =>
      expect(screen.getByTestId('field-publicSlug-box-error').textContent).toBe('This slug is already used.'),
    );
    expect(document.activeElement).toBe(box('field-publicSlug'));
  });
});
