import '@manzil/ui/test/jsdom-globals';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { LoginPage } from './login-page.js';
import { RegisterPage } from './register-page.js';
import { envelope, mockFetch, renderScreen } from './test-utils.js';

describe('forms show the contracts messages in the page language', () => {
  beforeEach(() => {
    localStorage.clear();
    mockFetch(envelope(200, { items: [], page: 1, limit: 100, total: 0 }));
  });

  it('login in Arabic: errors beside each field, nothing sent, nothing typed lost', async () => {
    const calls = mockFetch();
    renderScreen(<LoginPage />, { path: '/login?type=Agent', language: 'ar', site: 'sa' });
    expect((screen.getByTestId('login-mobile-code') as HTMLSelectElement).value).toBe('+966');
    expect(document.title).toBe('تسجيل الدخول | منزل');
    fireEvent.change(screen.getByTestId('login-mobile-input'), { target: { value: '٥٠١٢' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('login-submit'));
    });
    expect(screen.getByTestId('login-mobile-error').textContent).toBe(
      'يجب أن يتكون رقم الجوال من 8 إلى 12 رقمًا.',
    );
    expect(screen.getByTestId('login-password-error').textContent).toBe('يرجى إدخال كلمة المرور.');
    expect((screen.getByTestId('login-mobile-input') as HTMLInputElement).value).toBe('5012');
    expect(calls).toHaveLength(0);
  });

  it('customer sign-up in Arabic: password rule, mismatch and the terms message', async () => {
    renderScreen(<RegisterPage />, { path: '/register?type=Customer', language: 'ar' });
    const form = screen.getByTestId('register-form-Customer');
    fireEvent.change(within(form).getByTestId('register-firstName').querySelector('input')!, {
      target: { value: 'سارة' },
    });
    fireEvent.change(screen.getByTestId('register-password').querySelector('input')!, {
      target: { value: 'weak' },
    });
    fireEvent.change(screen.getByTestId('register-confirm').querySelector('input')!, {
      target: { value: 'other' },
    });
    await act(async () => {
      fireEvent.click(screen.getByTestId('register-submit'));
    });
    expect(screen.getByTestId('register-password-error').textContent).toBe(
      'يجب أن تحتوي كلمة المرور على حرف لاتيني كبير وحرف لاتيني صغير ورقم ورمز خاص، وألا تقل عن 8 أحرف.',
    );
    expect(screen.getByTestId('register-confirm-error').textContent).toBe(
      'كلمة المرور وتأكيد كلمة المرور غير متطابقتين.',
    );
    expect(screen.getByTestId('register-terms-error').textContent).toBe(
      'يرجى الموافقة على الشروط والأحكام قبل الإرسال',
    );
    expect(screen.getByTestId('register-lastName-error').textContent).toBe('يرجى إدخال الاسم.');
    expect(screen.queryByTestId('register-firstName-error')).toBeNull();
    expect((screen.getByTestId('register-firstName').querySelector('input') as HTMLInputElement).value).toBe(
      'سارة',
    );
  });

  it('agent sign-up in English asks for a company unless freelancer, and for the picture', async () => {
    renderScreen(<RegisterPage />, { path: '/register?type=Agent' });
    await act(async () => {
      fireEvent.click(screen.getByTestId('register-submit'));
    });
    expect(screen.getByTestId('register-company-error').textContent).toBe('Please select company.');
    expect(screen.getByTestId('register-picture-error').textContent).toBe('Please upload profile picture.');
    expect(screen.getByTestId('register-terms-error').textContent).toBe('Click Agree Before Submit');
    // The summary follows the page: the picture first, the terms last, the company in between.
    const problems = [...screen.getByTestId('form-error-summary').querySelectorAll('li')].map(
      (item) => item.textContent,
    );
    expect(problems[0]).toBe('Profile picture: Please upload profile picture.');
    expect(problems.at(-1)).toMatch(/Click Agree Before Submit$/);
    expect(problems.indexOf('Company: Please select company.')).toBeGreaterThan(
      problems.findIndex((text) => text?.startsWith('BRN')),
    );
    fireEvent.click(screen.getByTestId('register-freelancer').querySelector('input')!);
    await act(async () => {
      fireEvent.click(screen.getByTestId('register-submit'));
    });
    expect(screen.queryByTestId('register-company-error')).toBeNull();
  });

  it('shows a 422 from the server beside the field it names', async () => {
    mockFetch({
      status: 422,
      body: {
        status: 422,
        success: false,
        message: 'Please check the highlighted fields.',
        results: { fields: [{ field: 'email', message: 'Email already used' }] },
      },
    });
    renderScreen(<RegisterPage />, { path: '/register?type=Customer' });
    const form = screen.getByTestId('register-form-Customer');
    const type = (testId: string, value: string) =>
      fireEvent.change(within(form).getByTestId(testId).querySelector('input')!, { target: { value } });
    type('register-firstName', 'Sara');
    type('register-lastName', 'Ali');
    type('register-email', 'sara@example.com');
    fireEvent.change(within(form).getByTestId('register-mobile-input'), { target: { value: '501234567' } });
    type('register-password', 'Secret#123');
    type('register-confirm', 'Secret#123');
    fireEvent.click(within(form).getByTestId('register-terms').querySelector('input')!);
    await act(async () => {
      fireEvent.click(within(form).getByTestId('register-submit'));
    });
    expect(within(form).getByTestId('register-email-error').textContent).toBe('Email already used');
  });

  it('login: the button is busy and the global loader shows while the login runs (spec §4)', async () => {
    let answer: (response: Response) => void = () => undefined;
    globalThis.fetch = (() =>
      new Promise<Response>((resolve) => {
        answer = resolve;
      })) as typeof fetch;
    renderScreen(<LoginPage />, { path: '/login?type=Customer' });
    fireEvent.change(screen.getByTestId('login-mobile-input'), { target: { value: '501234567' } });
    fireEvent.change(screen.getByTestId('login-password').querySelector('input')!, {
      target: { value: 'Secret#123' },
    });
    await act(async () => {
      fireEvent.click(screen.getByTestId('login-submit'));
    });
    const button = screen.getByTestId('login-submit') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.textContent).toBe('Please wait…');
    expect(screen.getByTestId('global-loader')).toBeTruthy();
    await act(async () =>
      answer({
        status: 401,
        ok: false,
        statusText: '',
        json: async () => ({
          status: 401,
          success: false,
          message: 'Invalid mobile or password.',
          results: null,
        }),
      } as Response),
    );
    expect(screen.getByTestId('toast').textContent).toContain('Invalid mobile or password.');
    expect(screen.queryByTestId('global-loader')).toBeNull();
    expect(button.disabled).toBe(false);
  });

  it('sign-up: a field is checked when left; a failed submit focuses the first invalid one', async () => {
    renderScreen(<RegisterPage />, { path: '/register?type=Customer' });
    const form = screen.getByTestId('register-form-Customer');
    const field = (testId: string) => within(form).getByTestId(testId).querySelector('input')!;
    fireEvent.change(field('register-email'), { target: { value: 'sara@' } });
    expect(within(form).queryByTestId('register-email-error')).toBeNull();
    await act(async () => {
      fireEvent.blur(field('register-email'));
    });
    expect(within(form).getByTestId('register-email-error').textContent).toBe('Please enter a valid email.');
    expect(within(form).queryByTestId('register-firstName-error')).toBeNull();
    await act(async () => {
      fireEvent.click(within(form).getByTestId('register-submit'));
    });
    expect(document.activeElement).toBe(field('register-firstName'));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByTestId('form-error-summary').textContent).toContain('Please correct');
  });
});
