import '@manzil/ui/test/jsdom-globals';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ID, listings, renderPortal } from '../test-harness.js';

afterEach(() => {
  jest.restoreAllMocks();
});

const REJECTED = {
  approvalStatus: 'rejected' as const,
  rejectedReason: 'The photos show another building.',
  rejectedAt: '2026-11-21T09:30:00.000Z',
};

describe('/manage-properties', () => {
  it.each([
    ['en', 'Rejected', 'Rejected: The photos show another building.', 'Edit'],
    ['ar', 'مرفوض', 'مرفوض: The photos show another building.', 'تعديل'],
  ] as const)(
    '%s: shows the approval status with the rejection reason and date',
    async (language, status, reason, edit) => {
      listings('ae', { title: { en: 'Sea view flat', ar: 'شقة بإطلالة بحرية' } }, REJECTED);
      renderPortal({ language, path: '/manage-properties' });
      const row = await screen.findByTestId('owned-listing');
      expect(within(row).getByRole('heading').textContent).toBe(
        language === 'en' ? 'Sea view flat' : 'شقة بإطلالة بحرية',
      );
      expect(within(row).getByTestId('owned-listing-status').textContent).toBe(status);
      const rejection = within(row).getByTestId('owned-listing-rejection');
      expect(rejection.textContent).toContain(reason);
      expect(rejection.querySelector('time')).not.toBeNull();
      const link = within(row).getByTestId('owned-listing-edit');
      expect(link.textContent).toBe(edit);
      expect(link.getAttribute('href')).toBe(`/addNewProperty?id=${ID}&step=basic`);
    },
  );

  it('marks a listing sold after the confirmation, and then offers no more actions', async () => {
    const service = listings('ae', { title: { en: 'Sea view flat', ar: 'شقة' } });
    renderPortal({ path: '/manage-properties' });
    fireEvent.click(await screen.findByTestId('owned-listing-sold'));
    fireEvent.click(await screen.findByTestId('confirm-dialog-ok'));
    await waitFor(() => expect(screen.queryByTestId('owned-listing-sold')).toBeNull());
    expect(service.calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      `/api/listings/v1/properties/${ID}/sold`,
    ]);
    expect(screen.getByTestId('owned-listing').textContent).toContain('Sold');
  });

  it.each([
    ['en', 'Discard', 'The listing is discarded.'],
    ['ar', 'حذف', 'تم حذف الإعلان.'],
  ] as const)(
    '%s: discards a draft after the confirmation, and the list no longer shows it',
    async (language, label, done) => {
      const service = listings('ae', { title: { en: 'Sea view flat', ar: 'شقة' } });
      renderPortal({ language, path: '/manage-properties' });
      const discard = await screen.findByTestId('owned-listing-discard');
      expect(discard.textContent).toBe(label);
      fireEvent.click(discard);
      fireEvent.click(await screen.findByTestId('confirm-dialog-ok'));
      await waitFor(() => expect(screen.queryByTestId('owned-listing')).toBeNull());
      expect(service.calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
        `/api/listings/v1/properties/${ID}`,
      ]);
      expect((await screen.findAllByText(done)).length).toBeGreaterThan(0);
    },
  );

  it('offers no discard for a listing that was public once', async () => {
    listings(
      'ae',
      { title: { en: 'Sea view flat', ar: 'شقة' } },
      { ...REJECTED, approvedAt: '2026-11-01T09:30:00.000Z' },
    );
    renderPortal({ path: '/manage-properties' });
    await screen.findByTestId('owned-listing-sold');
    expect(screen.queryByTestId('owned-listing-discard')).toBeNull();
  });

  it.each([
    ['en', 'Listing a property is for agents and companies'],
    ['ar', 'إضافة العقارات متاحة للوسطاء العقاريين والشركات'],
  ] as const)(
    '%s: tells a customer (whose route this is too) who lists properties, without asking the API',
    async (language, title) => {
      const service = listings('ae', { title: { en: 'Sea view flat', ar: 'شقة' } });
      renderPortal({ language, path: '/manage-properties', role: 'user' });
      const notice = await screen.findByTestId('manage-not-owner');
      expect(notice.textContent).toContain(title);
      expect(screen.queryByTestId('manage-add')).toBeNull();
      // The owner endpoint answers 403 to a customer, and a 403 signs the visitor out.
      expect(service.calls).toEqual([]);
    },
  );
});
