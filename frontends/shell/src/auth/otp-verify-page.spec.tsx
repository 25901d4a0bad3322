import '@manzil/ui/test/jsdom-globals';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen } from '@testing-library/react';
import { OtpVerifyPage } from './otp-verify-page.js';
import { pendingVerification } from './pending-verification.js';
import { envelope, fakeToken, mockFetch, renderScreen } from './test-utils.js';

describe('/otpVerify', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z') });
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  const pending = () =>
    pendingVerification(
      {
        countryCode: '+971',
        mobile: '501234567',
        purpose: 'signup',
        expiresInSeconds: 120,
        resendInSeconds: 60,
      },
      'Customer',
    );

  it('counts down, enables resend after the cooldown, then says the OTP has expired', () => {
    renderScreen(<OtpVerifyPage />, { path: '/otpVerify', state: pending() });
    expect(screen.getByTestId('otp-countdown').textContent).toContain('2:00');
    expect(screen.getByTestId('otp-resend')).toHaveProperty('disabled', true);

    act(() => jest.advanceTimersByTime(61_000));
    expect(screen.getByTestId('otp-countdown').textContent).toContain('0:59');
    expect(screen.getByTestId('otp-resend')).toHaveProperty('disabled', false);

    act(() => jest.advanceTimersByTime(60_000));
    expect(screen.queryByTestId('otp-countdown')).toBeNull();
    expect(screen.getByTestId('otp-expired').textContent).toBe(
      'The OTP has expired. Please request a new one.',
    );
    expect(screen.getByTestId('otp-submit')).toHaveProperty('disabled', true);
  });

  it('keeps the pending verification over a reload (sessionStorage) and shows the expiry in Arabic', () => {
    sessionStorage.setItem('manzil.otpVerify', JSON.stringify(pending()));
    act(() => jest.advanceTimersByTime(121_000));
    renderScreen(<OtpVerifyPage />, { path: '/otpVerify', language: 'ar' });
    expect(screen.getByTestId('otp-expired').textContent).toBe('انتهت صلاحية رمز التحقق. يرجى طلب رمز جديد.');
  });

  it('accepts Arabic-Indic digits and logs in with the verified account', async () => {
    const token = fakeToken({ role: 'user', firstName: 'Sara' });
    const calls = mockFetch(
      envelope(200, { token, refresh_token: 'r1', is_nafath_verified: true, verified: true }),
    );
    // The new session starts with a full page load, which jsdom reports as not implemented.
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderScreen(<OtpVerifyPage />, { path: '/otpVerify', state: pending() });
    fireEvent.change(screen.getByTestId('otp-box-0'), { target: { value: '١٢٣٤' } });
    expect(
      ['otp-box-0', 'otp-box-1', 'otp-box-2', 'otp-box-3'].map(
        (id) => (screen.getByTestId(id) as HTMLInputElement).value,
      ),
    ).toEqual(['1', '2', '3', '4']);
    await act(async () => {
      fireEvent.click(screen.getByTestId('otp-submit'));
    });
    expect(JSON.parse(String(calls[0].init?.body))).toEqual({
      countryCode: '+971',
      mobile: '501234567',
      purpose: 'signup',
      otp: '1234',
    });
    expect(localStorage.getItem('token')).toBe(token);
    expect(sessionStorage.getItem('manzil.otpVerify')).toBeNull();
    consoleError.mockRestore();
  });

  it('shows the server message under the boxes and keeps the digits', async () => {
    mockFetch(envelope(400, null, 'The OTP is incorrect. 4 attempts left.'));
    renderScreen(<OtpVerifyPage />, { path: '/otpVerify', state: pending() });
    fireEvent.change(screen.getByTestId('otp-box-0'), { target: { value: '9999' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('otp-submit'));
    });
    expect(screen.getByTestId('otp-error').textContent).toBe('The OTP is incorrect. 4 attempts left.');
    expect((screen.getByTestId('otp-box-3') as HTMLInputElement).value).toBe('9');
  });
});
