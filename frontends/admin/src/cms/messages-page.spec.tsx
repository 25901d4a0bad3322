import '@manzil/ui/test/jsdom-globals';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { FeedbackProvider, LanguageProvider } from '@manzil/ui';
import { WithQueryClient, envelopeResponse, testQueryClient } from '@manzil/ui/test/query';
import ar from '../i18n/ar.json' with { type: 'json' };
import { MessagesPage } from './messages-page.js';

const suggestion = {
  id: '0195f3a0-0000-7000-8000-0000000000c1',
  type: 'suggestion',
  subject: 'خريطة للمدارس القريبة',
  name: 'Salma Api',
  email: 'salma@example.com',
  countryCode: '+966',
  mobile: '551234567',
  message: 'أقترح إظهار المدارس القريبة على خريطة العقار',
  language: 'ar',
  status: 'new',
  reply: null,
  repliedAt: null,
  accountId: null,
  createdAt: '2026-11-29T10:00:00.000Z',
};

describe('complaints and suggestions in the Arabic console', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('lists a suggestion with its type and status, the sender’s Latin name isolated from the date', async () => {
    const fetchMock = jest.fn<typeof fetch>(async () =>
      envelopeResponse(200, { items: [suggestion], page: 1, limit: 20, total: 1 }),
    );
    globalThis.fetch = fetchMock;
    render(
      <WithQueryClient client={testQueryClient()}>
        <MemoryRouter initialEntries={['/admin/complaints']}>
          <LanguageProvider language="ar" messages={ar} site="sa">
            <FeedbackProvider language="ar">
              <Routes>
                <Route path="/admin/complaints" element={<MessagesPage box="complaints" />} />
              </Routes>
            </FeedbackProvider>
          </LanguageProvider>
        </MemoryRouter>
      </WithQueryClient>,
    );
    const item = await screen.findByTestId('admin-message');
    expect(String(fetchMock.mock.calls[0][0])).toContain('/complaints');
    expect(within(item).getByText('خريطة للمدارس القريبة').tagName).toBe('BDI');
    expect(item.textContent).toContain('اقتراح');
    expect(item.textContent).toContain('جديدة');
    // A bdi isolates by default: the day number after the name stays with its month.
    expect(within(item).getByTestId('admin-message-name').tagName).toBe('BDI');
    expect(within(item).getByTestId('admin-message-name').textContent).toBe('Salma Api');
  });
});
