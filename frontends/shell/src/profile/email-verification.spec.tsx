import '@manzil/ui/test/jsdom-globals';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen } from '@testing-library/react';
import type { AccountProfileWithEmail } from '@manzil/contracts';
import { accountProfile } from '@manzil/ui/test/fixtures';
import { envelope, mockFetch, renderScreen } from '../auth/test-utils.js';
import { MyProfileTab } from './my-profile-tab.js';

const profile: AccountProfileWithEmail = accountProfile({ emailVerified: false });

function typeCode(code: string) {
  [...code].forEach((digit, index) =>
    fireEvent.change(screen.getByTestId(`email-otp-box-${index}`), { target: { value: digit } }),
  );
}

describe('profile: e-mail verification', () => {
  beforeEach(() => localStorage.clear());

  it('verifies the e-mail with the code from the dialog (en)', async () => {
    let current = profile;
    const calls = mockFetch(
      envelope(200, { expiresInSeconds: 120, resendInSeconds: 60 }),
      envelope(422, { code: 'OTP_INVALID' }, 'The OTP is incorrect.'),
      envelope(200, { ...profile, emailVerified: true }),
    );
    const view = renderScreen(<MyProfileTab profile={current} onChange={(p) => (current = p)} />);
    expect(screen.getByTestId('profile-email-status').textContent).toBe('Not verified');
    await act(async () => {
      fireEvent.click(screen.getByTestId('profile-email-verify'));
    });
    expect(calls[0].url).toContain('/api/identity/v1/auth/email/otp');
    const dialog = screen.getByTestId('email-otp-dialog');
    expect(dialog.textContent).toContain('Verify your e-mail');
    expect(dialog.textContent).toContain('mona@example.com');
    expect(screen.getByTestId('otp-countdown').textContent).toContain('2:00');

    await act(async () => {
      fireEvent.click(screen.getByTestId('email-otp-submit'));
    });
    expect(screen.getByTestId('email-otp-error').textContent).toBe('Please enter the 4-digit OTP.');
    expect(calls).toHaveLength(1);

    typeCode('1234');
    await act(async () => {
      fireEvent.click(screen.getByTestId('email-otp-submit'));
    });
    expect(screen.getByTestId('email-otp-error').textContent).toBe('The OTP is incorrect.');

    typeCode('4321');
    await act(async () => {
      fireEvent.click(screen.getByTestId('email-otp-submit'));
    });
    expect(calls[2].url).toContain('/api/identity/v1/auth/email/verify');
    expect(JSON.parse(String(calls[2].init?.body))).toEqual({ otp: '4321' });
    expect(screen.queryByTestId('email-otp-dialog')).toBeNull();
    expect(current.emailVerified).toBe(true);
    view.rerender(<></>);
  });

  it('says it in Arabic, and shows no button once verified', async () => {
    mockFetch(envelope(200, { expiresInSeconds: 120, resendInSeconds: 60 }));
    const view = renderScreen(<MyProfileTab profile={profile} onChange={() => undefined} />, {
      language: 'ar',
    });
    expect(screen.getByTestId('profile-email-status').textContent).toBe('غير موثق');
    await act(async () => {
      fireEvent.click(screen.getByTestId('profile-email-verify'));
    });
    expect(screen.getByTestId('email-otp-dialog').textContent).toContain('تحقق من بريدك الإلكتروني');
    view.unmount();

    renderScreen(<MyProfileTab profile={{ ...profile, emailVerified: true }} onChange={() => undefined} />);
    expect(screen.getByTestId('profile-email-status').textContent).toBe('Verified');
    expect(screen.queryByTestId('profile-email-verify')).toBeNull();
  });
});
