import '@manzil/ui/test/jsdom-globals';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { FeedbackProvider, LanguageProvider, setLoginPromptHandler } from '@manzil/ui';
import { WithQueryClient, testQueryClient } from '@manzil/ui/test/query';
import ar from '../i18n/ar.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { EnquiryForm } from './enquiry-form.js';

const ID = '0195f3a0-0000-7000-8000-0000000000bb';

/** A token whose payload the UI reads (never verified here; the services verify it). */
function signIn(role: 'user' | 'agent') {
  const payload = Buffer.from(JSON.stringify({ role, name: 'Sara Ali' })).toString('base64url');
  localStorage.setItem('token', `e30.${payload}.sig`);
}

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

function renderForm(language: 'en' | 'ar') {
  render(
    <WithQueryClient client={testQueryClient()}>
      <LanguageProvider language={language} messages={language === 'ar' ? ar : en}>
        <FeedbackProvider language={language}>
          <EnquiryForm propertyId={ID} site="ae" />
        </FeedbackProvider>
      </LanguageProvider>
    </WithQueryClient>,
  );
}

const click = (testId: string) =>
  act(async () => {
    fireEvent.click(screen.getByTestId(testId));
  });

describe('EnquiryForm', () => {
  afterEach(() => {
    localStorage.clear();
    jest.restoreAllMocks();
  });

  it('asks a visitor to log in (the enquiry prompt) and calls nothing', async () => {
    const fetchMock = answer(201, null);
    const prompts: string[] = [];
    const stop = setLoginPromptHandler((reason) => prompts.push(reason));
    renderForm('en');
    await click('enquiry-open');
    stop();
    expect(prompts).toEqual(['enquiry']);
    expect(screen.queryByTestId('enquiry-form')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('tells an agent that customers enquire, without a call', () => {
    const fetchMock = answer(201, null);
    signIn('agent');
    renderForm('ar');
    expect(screen.getByTestId('enquiry-customers-only').textContent).toBe(
      'يرسل العملاء استفساراتهم إلى الوسطاء من هنا.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the rules in Arabic, then sends the enquiry and keeps the contact', async () => {
    signIn('user');
    const fetchMock = answer(500, null);
    renderForm('ar');
    await click('enquiry-open');
    await click('enquiry-submit');
    expect(screen.getByTestId('enquiry-type').textContent).toContain('يرجى اختيار نوع الاستفسار.');
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(within(screen.getByTestId('enquiry-type')).getByRole('combobox'), {
      target: { value: 'call-back' },
    });
    fireEvent.change(within(screen.getByTestId('enquiry-email')).getByRole('textbox'), {
      target: { value: 'sara@example.com' },
    });
    fireEvent.change(screen.getByTestId('enquiry-mobile-input'), { target: { value: '٥٠١٢٣٤٥٦٧' } });
    await click('enquiry-submit');
    expect(String(fetchMock.mock.calls[0][0])).toBe(`/api/listings/v1/properties/${ID}/enquiries`);
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toMatchObject({
      type: 'call-back',
      name: 'Sara Ali',
      email: 'sara@example.com',
      countryCode: '+971',
      mobile: '501234567',
    });
    // A failure says so and keeps what was typed.
    expect((await screen.findByTestId('toast')).textContent).toContain('فشل الإرسال');
    expect((screen.getByTestId('enquiry-mobile-input') as HTMLInputElement).value).toBe('501234567');
  });
});
