import '@manzil/ui/test/jsdom-globals';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { ModeratedProperty, OwnedProperty } from '@manzil/contracts';
import { FeedbackProvider, LanguageProvider, storeSession } from '@manzil/ui';
import { WithQueryClient } from '@manzil/ui/test/query';
import ar from '../i18n/ar.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { ModerationDetail } from './moderation-detail.js';
import { ModerationQueue } from './moderation-queue.js';

const ID = '0195f3a0-0000-7000-8000-000000000001';
const at = '2026-03-01T10:00:00.000Z';
const pending: ModeratedProperty = {
  id: ID,
  site: 'ae',
  slug: 'marina-flat',
  approvalStatus: 'pending',
  state: 'active',
  draft: {
    propertyType: 'buy',
    kind: 'apartment',
    title: { en: 'Marina flat', ar: 'شقة المارينا' },
    price: 1_250_000,
    bedrooms: 2,
    videos: ['https://video.example/tour.mp4'],
    cityId: 'ae.dubai',
    communityId: 'ae.dubai.dubai-marina',
  },
  published: null,
  badge: null,
  regulatorVerified: null,
  agentId: null,
  companyId: null,
  rejectedReason: null,
  rejectedAt: null,
  submittedAt: at,
  approvedAt: null,
  soldAt: null,
  documents: [
    {
      id: '0195f3a0-0000-7000-8000-000000000002',
      title: 'Title deed',
      fileName: 'deed.pdf',
      contentType: 'application/pdf',
      sizeBytes: 20_480,
      createdAt: at,
      fileUrl: null,
    },
  ],
  photos: [],
  completeness: { percent: 60, missing: ['furnishing'] },
  createdAt: at,
  updatedAt: at,
  removedDocuments: [],
};

const answer = (status: number, results: unknown, message = '') =>
  ({
    status,
    ok: status < 400,
    statusText: '',
    json: async () => ({ status, success: status < 400, message, results }),
  }) as Response;

/** The listings service as the admin console sees it: a queue that empties once the listing is decided. */
function fakeListings() {
  let queue: OwnedProperty[] = [pending];
  return jest.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://ae.localhost');
    if (init?.method === 'POST' && url.pathname.endsWith('/reject')) {
      queue = [];
      return answer(200, { ...pending, approvalStatus: 'rejected' });
    }
    if (url.pathname === '/api/listings/v1/locations') {
      const parentId = url.searchParams.get('parentId');
      const place = parentId
        ? { id: 'ae.dubai.dubai-marina', level: 'community', name: { en: 'Dubai Marina', ar: 'دبي مارينا' } }
        : { id: 'ae.dubai', level: 'city', name: { en: 'Dubai', ar: 'دبي' } };
      const item = { ...place, site: 'ae', parentId, latitude: null, longitude: null };
      return answer(200, { items: [item], page: 1, limit: 100, total: 1 });
    }
    if (url.pathname === `/api/listings/v1/admin/properties/${ID}`) return answer(200, pending);
    if (url.pathname === '/api/listings/v1/admin/properties')
      return answer(200, { items: queue, page: 1, limit: 20, total: queue.length });
    return answer(404, null, 'No Record Found');
  });
}

function renderConsole(path: string, client: QueryClient, language: 'en' | 'ar' = 'en') {
  render(
    <WithQueryClient client={client}>
      <MemoryRouter initialEntries={[path]}>
        <LanguageProvider language={language} messages={language === 'en' ? en : ar} site="ae">
          <FeedbackProvider language={language}>
            <Routes>
              <Route path="/admin/moderation" element={<ModerationQueue site="ae" />} />
              <Route path="/admin/moderation/:id" element={<ModerationDetail site="ae" />} />
            </Routes>
          </FeedbackProvider>
        </LanguageProvider>
      </MemoryRouter>
    </WithQueryClient>,
  );
}

const client = () =>
  new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
const queueCalls = (fetchMock: ReturnType<typeof fakeListings>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://ae.localhost'))
    .filter((url) => url.pathname === '/api/listings/v1/admin/properties');

describe('moderation queue', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('lists pending listings of the site and asks again with each filter', async () => {
    const fetchMock = fakeListings();
    globalThis.fetch = fetchMock;
    renderConsole('/admin/moderation', client());
    const row = await screen.findByTestId('moderation-row');
    expect(within(row).getByRole('link', { name: 'Marina flat' }).getAttribute('href')).toBe(
      `/admin/moderation/${ID}`,
    );
    expect(queueCalls(fetchMock)[0].searchParams.get('status')).toBe('pending');

    fireEvent.change(screen.getByTestId('filter-type'), { target: { value: 'rent' } });
    await waitFor(() => expect(queueCalls(fetchMock).at(-1)?.searchParams.get('propertyType')).toBe('rent'));
    fireEvent.change(screen.getByTestId('filter-from'), { target: { value: '2026-03-01' } });
    await waitFor(() =>
      expect(queueCalls(fetchMock).at(-1)?.searchParams.get('submittedFrom')).toBe('2026-03-01'),
    );
    fireEvent.change(screen.getByTestId('filter-search'), { target: { value: ' marina ' } });
    fireEvent.submit(screen.getByTestId('moderation-filters'));
    await waitFor(() => expect(queueCalls(fetchMock).at(-1)?.searchParams.get('q')).toBe('marina'));
    const last = queueCalls(fetchMock).at(-1);
    expect(last?.searchParams.get('propertyType')).toBe('rent');
    expect(last?.searchParams.get('submittedFrom')).toBe('2026-03-01');
  });

  it('moves between the listings and reports tabs with the arrow keys of the reading direction', async () => {
    globalThis.fetch = fakeListings();
    renderConsole('/admin/moderation', client(), 'ar');
    const listings = screen.getByRole('tab', { name: 'الإعلانات' });
    expect(listings.getAttribute('aria-selected')).toBe('true');
    // In Arabic the next tab is to the left.
    fireEvent.keyDown(listings, { key: 'ArrowLeft' });
    const reports = screen.getByRole('tab', { name: 'البلاغات' });
    await waitFor(() => expect(reports.getAttribute('aria-selected')).toBe('true'));
    expect(document.activeElement).toBe(reports);
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(reports.id);
  });
});

describe('reject with a reason', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('needs a reason of 5 characters, sends it, then the queue no longer shows the listing', async () => {
    const fetchMock = fakeListings();
    globalThis.fetch = fetchMock;
    const queryClient = client();
    renderConsole('/admin/moderation', queryClient);
    fireEvent.click(within(await screen.findByTestId('moderation-row')).getByRole('link'));

    // The detail: the document and the video beside the fields.
    const media = await screen.findByTestId('moderation-media');
    expect(within(media).getByText('Title deed')).toBeTruthy();
    expect(within(media).getByText('https://video.example/tour.mp4')).toBeTruthy();
    const fields = screen.getByTestId('moderation-fields');
    expect(within(fields).getByText('شقة المارينا')).toBeTruthy();
    expect(await within(fields).findByText('Dubai › Dubai Marina')).toBeTruthy();

    const reason = within(screen.getByTestId('reject-reason')).getByRole('textbox');
    fireEvent.change(reason, { target: { value: 'bad' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('reject-submit'));
    });
    expect(screen.getByTestId('reject-reason-error').textContent).toBe(
      'Please enter the reason (at least 5 characters).',
    );
    expect(document.activeElement).toBe(reason);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.change(reason, { target: { value: 'The photos show another building.' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('reject-submit'));
    });
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(String(post?.[0])).toBe(`/api/listings/v1/admin/properties/${ID}/reject`);
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ reason: 'The photos show another building.' });
    // Back on the queue, which was cached as fresh: the decision made it ask again.
    await screen.findByTestId('moderation-page');
    await waitFor(() => expect(screen.queryByTestId('moderation-row')).toBeNull());
    expect(screen.getByTestId('moderation-count').textContent).toBe('No listings');
  });
});

describe('documents', () => {
  afterEach(() => {
    jest.restoreAllMocks();
    localStorage.clear();
  });

  it.each([
    ['en', 'Download Title deed', 'Invalid URL'],
    ['ar', 'تنزيل \u2068صك الملكية\u2069', 'رابط غير صالح'],
  ] as const)(
    '%s: downloads a stored document with the admin’s token; one recorded without its file alerts',
    async (language, name, invalid) => {
      storeSession({ token: 'admin-access-token', refresh_token: 'r1' });
      const fileUrl = `/api/listings/v1/owner/properties/${ID}/documents/doc-2/file`;
      const title = language === 'ar' ? 'صك الملكية' : 'Title deed';
      const withFiles: ModeratedProperty = {
        ...pending,
        documents: [
          { ...pending.documents[0], title, fileName: 'deed.pdf', fileUrl },
          {
            ...pending.documents[0],
            id: '0195f3a0-0000-7000-8000-000000000003',
            title: 'NOC',
            fileUrl: null,
          },
        ],
      };
      const base = fakeListings();
      const fetchMock = jest.fn<typeof fetch>(async (input, init) => {
        const path = new URL(String(input), 'http://ae.localhost').pathname;
        if (path === `/api/listings/v1/admin/properties/${ID}`) return answer(200, withFiles);
        if (path === fileUrl)
          return { status: 200, ok: true, blob: async () => new Blob(['%PDF-1.7']) } as Response;
        return base(input, init);
      });
      globalThis.fetch = fetchMock;
      // The browser's own APIs jsdom lacks: the object URL, and the click that saves the file.
      URL.createObjectURL = () => 'blob:http://ae.localhost/deed';
      URL.revokeObjectURL = () => undefined;
      const saved: { href: string; download: string }[] = [];
      jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push({ href: this.href, download: this.download });
      });
      const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
      renderConsole(`/admin/moderation/${ID}`, client(), language);

      const media = await screen.findByTestId('moderation-media');
      await act(async () => {
        fireEvent.click(within(media).getByRole('button', { name }));
      });
      await waitFor(() =>
        expect(saved).toEqual([{ href: 'blob:http://ae.localhost/deed', download: 'deed.pdf' }]),
      );
      const fileCall = fetchMock.mock.calls.find(([input]) => String(input) === fileUrl);
      expect((fileCall?.[1]?.headers as Record<string, string>).authorization).toBe(
        'Bearer admin-access-token',
      );

      const [, noFile] = within(media).getAllByTestId('moderation-document-download');
      await act(async () => {
        fireEvent.click(noFile);
      });
      await waitFor(() => expect(alert).toHaveBeenCalledWith(invalid));
      expect(saved).toHaveLength(1);
    },
  );

  it.each([
    ['en', 'Removed by the owner (2)', 'Removed on 2 Mar 2026', 'Download Old deed', 'File no longer kept'],
    ['ar', 'مستندات حذفها المعلن (2)', 'حُذف في', 'تنزيل \u2068Old deed\u2069', 'لم يعد الملف محفوظًا'],
  ] as const)(
    '%s: shows the documents the owner removed, marked with the date, downloadable while their file is kept',
    async (language, heading, removedOn, download, gone) => {
      storeSession({ token: 'admin-access-token', refresh_token: 'r1' });
      const fileUrl = `/api/listings/v1/owner/properties/${ID}/documents/doc-old/file`;
      const removed = { ...pending.documents[0], removedAt: '2026-03-02T09:00:00.000Z' };
      const withRemoved: ModeratedProperty = {
        ...pending,
        removedDocuments: [
          { ...removed, id: '0195f3a0-0000-7000-8000-000000000004', title: 'Old deed', fileUrl },
          { ...removed, id: '0195f3a0-0000-7000-8000-000000000005', title: 'Old NOC', fileUrl: null },
        ],
      };
      const base = fakeListings();
      const fetchMock = jest.fn<typeof fetch>(async (input, init) => {
        const path = new URL(String(input), 'http://ae.localhost').pathname;
        if (path === `/api/listings/v1/admin/properties/${ID}`) return answer(200, withRemoved);
        if (path === fileUrl)
          return { status: 200, ok: true, blob: async () => new Blob(['%PDF-1.7']) } as Response;
        return base(input, init);
      });
      globalThis.fetch = fetchMock;
      URL.createObjectURL = () => 'blob:http://ae.localhost/old-deed';
      URL.revokeObjectURL = () => undefined;
      const saved: string[] = [];
      jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push(this.download);
      });
      renderConsole(`/admin/moderation/${ID}`, client(), language);

      const section = (await screen.findByTestId('moderation-removed-documents')).closest('section')!;
      expect(within(section).getByRole('heading').textContent).toBe(heading);
      // The attached documents' list does not have them.
      expect(within(screen.getByTestId('moderation-documents')).queryByText('Old deed')).toBeNull();
      const [kept, goneRow] = within(section).getAllByRole('listitem');
      expect(within(kept).getByTestId('moderation-removed-on').textContent).toContain(removedOn);
      expect(within(goneRow).getByTestId('moderation-removed-file-gone').textContent).toBe(gone);
      expect(within(goneRow).queryByRole('button')).toBeNull();
      await act(async () => {
        fireEvent.click(within(kept).getByRole('button', { name: download }));
      });
      await waitFor(() => expect(saved).toEqual(['deed.pdf']));
      const fileCall = fetchMock.mock.calls.find(([input]) => String(input) === fileUrl);
      expect((fileCall?.[1]?.headers as Record<string, string>).authorization).toBe(
        'Bearer admin-access-token',
      );
    },
  );

  it('shows no removed section when the owner removed nothing', async () => {
    globalThis.fetch = fakeListings();
    renderConsole(`/admin/moderation/${ID}`, client());
    await screen.findByTestId('moderation-documents');
    expect(screen.queryByTestId('moderation-removed-documents')).toBeNull();
  });
});
