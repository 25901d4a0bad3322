import '@manzil/ui/test/jsdom-globals';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { FeedbackProvider, LanguageProvider } from '@manzil/ui';
import { WithQueryClient, testQueryClient } from '@manzil/ui/test/query';
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
    <WithQueryClient client={testQueryClient()}>
      <MemoryRouter>
        <LanguageProvider language={language} messages={language === 'ar' ? ar : en}>
          <FeedbackProvider language={language}>
            <MessageForm site="ae" kind={kind} />
          </FeedbackProvider>
        </LanguageProvider>
      </MemoryRouter>
    </WithQueryClient>,
  );
}

const input = (testId: string) => {
  const field = screen.getByTestId(testId);
  return (field.querySelector('input') ??
    field.querySelector('textarea') ??
    field.querySelector('select')) as HTMLInputElement;
};
const type = (testId: string, value: string) => fireEvent.change(input(testId), { target: { value } });
const submit = () =>
  act(async () => {
    fireEvent.click(screen.getByTestId('message-submit'));
  });

describe('contact form', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('shows the Arabic messages beside the fields and keeps what was typed', async () => {
    const fetchMock = answer(200, {});
    renderForm('ar');
    type('field-name', 'سارة');
    type('field-email', 'not-an-email');
    await submit();
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
    await submit();
    expect((await screen.findByTestId('field-email-error')).textContent).toBe('Please enter a valid email.');
    // The server's refusal is announced like the form's own: once, by the summary, focus on the field.
    expect(screen.getByTestId('form-error-summary').textContent).toContain('Please enter a valid email.');
    expect(document.activeElement).toBe(input('field-email'));
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
    await submit();
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
    await submit();
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

  it('asks complaint or suggestion on the complaints form', async () => {
    answer(200, {});
    renderForm('en', 'complaint');
    await submit();
    expect(screen.getByTestId('field-type-error')).toBeTruthy();
    expect(screen.getByTestId('field-subject-error').textContent).toBe('Please enter a value.');
  });

  it('checks a field when it is left, then as it changes, before any submit', async () => {
    const fetchMock = answer(200, {});
    renderForm('en');
    expect(screen.queryByTestId('field-email-error')).toBeNull();
    type('field-email', 'sara@');
    // Typing in an untouched field says nothing yet.
    expect(screen.queryByTestId('field-email-error')).toBeNull();
    await act(async () => {
      fireEvent.blur(input('field-email'));
    });
    expect(screen.getByTestId('field-email-error').textContent).toBe('Please enter a valid email.');
    expect(input('field-email').getAttribute('aria-invalid')).toBe('true');
    // Left once, it is checked as it changes.
    await act(async () => {
      type('field-email', 'sara@example.com');
    });
    expect(screen.queryByTestId('field-email-error')).toBeNull();
    // Other fields, not yet visited, say nothing.
    expect(screen.queryByTestId('field-name-error')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('on a failed submit: focus on the first invalid field, one announcement, errors tied to their fields', async () => {
    answer(200, {});
    renderForm('en');
    type('field-name', 'Sara Ahmed');
    await submit();
    expect(document.activeElement).toBe(input('field-email'));
    const alerts = screen.getAllByRole('alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toBe(screen.getByTestId('form-error-summary'));
    expect(alerts[0].textContent).toContain('Please correct 3 fields');
    const error = screen.getByTestId('field-email-error');
    expect(input('field-email').getAttribute('aria-describedby')).toBe(error.id);
    // Each problem, in the order of the page and named by its field, leads to that field.
    expect([...alerts[0].querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'Email: Please enter email.',
      'Mobile number: Please enter mobile number.',
      'Message: Please enter message.',
    ]);
    fireEvent.click(screen.getByRole('link', { name: 'Message: Please enter message.' }));
    await waitFor(() => expect(document.activeElement).toBe(input('field-message')));
  });

  it('pressing send leaves the focus in the field (its blur would move the button away)', () => {
    answer(200, {});
    renderForm('en');
    input('field-name').focus();
    // A prevented mousedown keeps the focus where it is; the click then submits.
    expect(fireEvent.mouseDown(screen.getByTestId('message-submit'))).toBe(false);
  });

  it('keeps the submit button busy while the message is sent, then frees it', async () => {
    let release: (response: Response) => void = () => undefined;
    globalThis.fetch = jest.fn<typeof fetch>(
      () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    );
    renderForm('ar');
    type('field-name', 'سارة أحمد');
    type('field-email', 'sara@example.com');
    type('field-mobile', '501234567');
    type('field-message', 'مرحبا');
    await submit();
    const button = screen.getByTestId('message-submit') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.textContent).toBe('يرجى الانتظار…');
    expect(screen.queryByTestId('global-loader')).toBeNull();
    await act(async () =>
      release({
        status: 201,
        ok: true,
        statusText: 'Created',
        json: async () => ({
          status: 201,
          success: true,
          message: 'شكراً لتواصلك معنا.',
          results: { id: '5b1f6a2e-0c3d-4e8a-9f21-000000000001', createdAt: '2026-11-01T10:00:00.000Z' },
        }),
      } as Response),
    );
    await waitFor(() => expect(button.disabled).toBe(false));
    expect(button.textContent).toBe('إرسال الرسالة');
  });
});
