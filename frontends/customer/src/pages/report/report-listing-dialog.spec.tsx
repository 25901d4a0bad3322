import '@manzil/ui/test/jsdom-globals';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { FeedbackProvider, LanguageProvider } from '@manzil/ui';
import { WithQueryClient, testQueryClient } from '@manzil/ui/test/query';
import ar from '../../i18n/ar.json' with { type: 'json' };
import en from '../../i18n/en.json' with { type: 'json' };
import { ReportListingDialog, type ReportTarget } from './report-listing-dialog.js';

const ID = '0195f3a0-0000-7000-8000-0000000000aa';

function answer(status: number, results: unknown) {
  const mock = jest.fn<typeof fetch>(
    async () =>
      ({
        status,
        ok: status < 400,
        statusText: String(status),
        json: async () => ({ status, success: status < 400, message: '', results }),
      }) as Response,
  );
  globalThis.fetch = mock;
  return mock;
}

function renderDialog(language: 'en' | 'ar', onClose = jest.fn(), target: ReportTarget = { propertyId: ID }) {
  render(
    <WithQueryClient client={testQueryClient()}>
      <LanguageProvider language={language} messages={language === 'ar' ? ar : en}>
        <FeedbackProvider language={language}>
          <ReportListingDialog target={target} onClose={onClose} />
        </FeedbackProvider>
      </LanguageProvider>
    </WithQueryClient>,
  );
  return onClose;
}

const select = (testId: string) => within(screen.getByTestId(testId)).getByRole('combobox');
const comment = () => within(screen.getByTestId('report-comment')).getByRole('textbox');
const submit = () =>
  act(async () => {
    fireEvent.click(screen.getByTestId('report-submit'));
  });

describe('ReportListingDialog', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('asks for a reason, who you are and a comment of 5 characters, in Arabic, and sends nothing', async () => {
    const fetchMock = answer(201, null);
    renderDialog('ar');
    expect(screen.getByRole('dialog', { name: 'الإبلاغ عن هذا الإعلان' })).toBeTruthy();
    fireEvent.change(comment(), { target: { value: 'سيء' } });
    await submit();
    expect(screen.getByTestId('report-reason-error').textContent).toBe('يرجى اختيار السبب.');
    expect(screen.getByTestId('report-user-type-error').textContent).toBe('يرجى اختيار صفتك.');
    expect(screen.getByTestId('report-comment-error').textContent).toBe(
      'يرجى إدخال تعليق (5 أحرف على الأقل).',
    );
    expect(document.activeElement).toBe(select('report-reason'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the report; on a failure says 'Failed to report' and keeps what was typed", async () => {
    const fetchMock = answer(500, null);
    const onClose = renderDialog('en');
    fireEvent.change(select('report-reason'), { target: { value: 'inaccurate-price' } });
    fireEvent.change(select('report-user-type'), { target: { value: 'tenant' } });
    fireEvent.change(comment(), { target: { value: 'The rent is higher on the phone.' } });
    await submit();
    expect(String(fetchMock.mock.calls[0][0])).toBe(`/api/listings/v1/properties/${ID}/reports`);
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({
      reason: 'inaccurate-price',
      userType: 'tenant',
      comment: 'The rent is higher on the phone.',
    });
    expect((await screen.findByTestId('toast')).textContent).toContain('Failed to report');
    expect((comment() as HTMLTextAreaElement).value).toBe('The rent is higher on the phone.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('reports a unit of a project at the unit’s address, titled for a unit in Arabic, and closes once sent', async () => {
    const projectId = '0195f3a0-0000-7000-8000-0000000000a1';
    const unitId = '0195f3a0-0000-7000-8000-0000000000b1';
    const fetchMock = answer(201, {
      id: '0195f3a0-0000-7000-8000-0000000000c1',
      propertyId: null,
      unitId,
      reason: 'not-available',
      userType: 'buyer',
      comment: 'هذه الوحدة مباعة',
      reporterId: '0195f3a0-0000-7000-8000-0000000000d1',
      reporterRole: 'user',
      createdAt: '2026-11-28T10:00:00.000Z',
    });
    const onClose = renderDialog('ar', jest.fn(), { projectId, unitId });
    expect(screen.getByRole('dialog', { name: 'الإبلاغ عن هذه الوحدة' })).toBeTruthy();
    fireEvent.change(select('report-reason'), { target: { value: 'not-available' } });
    fireEvent.change(select('report-user-type'), { target: { value: 'buyer' } });
    fireEvent.change(comment(), { target: { value: 'هذه الوحدة مباعة' } });
    await submit();
    expect(String(fetchMock.mock.calls[0][0])).toBe(
      `/api/listings/v1/projects/${projectId}/units/${unitId}/reports`,
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect((await screen.findByTestId('toast')).textContent).toContain('شكرًا لك، سنراجع هذه الوحدة.');
  });
});
