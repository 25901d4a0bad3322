import '@manzil/ui/test/jsdom-globals';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { FeedbackProvider, LanguageProvider } from '@manzil/ui';
import ar from '../../i18n/ar.json' with { type: 'json' };
import en from '../../i18n/en.json' with { type: 'json' };
import { MessageForm } from './message-form.js';

function answer(status: number, body: unknown) {
  const mock = jest.fn<typeof fetch>(
    async () =>
      ({
        status,
        ok: status < 400,
        statusText: String(status),
        json: async () => body,
      }) as Response,
  );
  globalThis.fetch = mock;
  return mock;
}

function renderForm(language: 'en' | 'ar', kind: 'contact' | 'complaint' = 'contact') {
  return render(
    <MemoryRouter>
      <LanguageProvider language={language} messages={language === 'ar' ? ar : en}>
        <FeedbackProvider language={language}>
          <MessageForm site="ae" kind={kind} />
        </FeedbackProvider>
      </LanguageProvider>
    </MemoryRouter>,
  );
}

const input = (testId: string) => {
  const field = screen.getByTestId(testId);
  return (field.querySelector('input') ??
    field.querySelector('textarea') ??
    field.querySelector('select')) as HTMLInputElement;
};
const type = (testId: string, value: string) => fireEvent.change(input(testId), { target: { value } });

describe('contact form', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('shows the Arabic messages beside the fields and keeps what was typed', () => {
    const fetchMock = answer(200, {});
    renderForm('ar');
    type('field-name', 'سارة');
    type('field-email', 'not-an-email');
    fireEvent.click(screen.getByTestId('message-submit'));
    expect(screen.getByTestId('field-email-error').textContent).toBe('يرجى إدخال بريد إلكتروني صحيح.');
    expect(screen.getByTestId('field-message-error').textContent).toBe('يرجى إدخال الرسالة.');
    expect(screen.getByTestId('field-mobile-error').textContent).toBe('يرجى إدخال رقم الجوال.');
    expect(input('field-name').value).toBe('سارة');
    expect(input('field-email').value).toBe('not-an-email');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps the input when the server refuses it, with its field message', async () => {
    answer(422, {
      status: 422,
      success: false,
      message: 'Validation failed',
      results: { fields: [{ field: 'email', message: 'Please enter a valid email.' }] },
    });
    renderForm('en');
    type('field-name', 'Sara Ahmed');
    type('field-email', 'sara@example.com');
    type('field-mobile', '501234567');
    type('field-message', 'I would like a viewing.');
    fireEvent.click(screen.getByTestId('message-submit'));
    expect((await screen.findByTestId('field-email-error')).textContent).toBe('Please enter a valid email.');
    expect(input('field-message').value).toBe('I would like a viewing.');
    expect(input('field-name').value).toBe('Sara Ahmed');
  });

  it('keeps the input and shows a danger toast when the service fails', async () => {
    answer(500, { status: 500, success: false, message: 'Something went wrong', results: null });
    renderForm('en');
    type('field-name', 'Sara Ahmed');
    type('field-email', 'sara@example.com');
    type('field-mobile', '501234567');
    type('field-message', 'Hello');
    fireEvent.click(screen.getByTestId('message-submit'));
    expect((await screen.findByTestId('toast')).textContent).toContain('Submission failed');
    expect(input('field-message').value).toBe('Hello');
  });

  it('sends the contracts body and acknowledges with a success toast, then clears the form', async () => {
    const fetchMock = answer(201, {
      status: 201,
      success: true,
      message: 'Thank you for contacting us. Our team will get back to you shortly.',
      results: { id: '5b1f6a2e-0c3d-4e8a-9f21-000000000001', createdAt: '2026-11-01T10:00:00.000Z' },
    });
    renderForm('en');
    type('field-name', '  Sara   Ahmed ');
    type('field-email', 'sara@example.com');
    type('field-mobile', '501234567');
    type('field-message', 'Hello');
    fireEvent.click(screen.getByTestId('message-submit'));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Thank you for contacting us');
    expect(toast.className).toContain('mz-toast--success');
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toBe('/api/content/v1/contact-us');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Sara Ahmed',
      email: 'sara@example.com',
      countryCode: '+971',
      mobile: '501234567',
      message: 'Hello',
    });
    await waitFor(() => expect(input('field-name').value).toBe(''));
  });

  it('asks complaint or suggestion on the complaints form', () => {
    answer(200, {});
    renderForm('en', 'complaint');
    fireEvent.click(screen.getByTestId('message-submit'));
    expect(screen.getByTestId('field-type-error')).toBeTruthy();
    expect(screen.getByTestId('field-subject-error').textContent).toBe('Please enter a value.');
  });
});
