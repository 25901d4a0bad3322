import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import {
  IDENTITY_API,
  LANGUAGE_ENTRIES,
  accountDeletionSchema,
  loginTypeOf,
  type AccountProfile,
  type Language,
} from '@manzil/contracts';
import { ApiError, Button, OtpInput, TextAreaField, clearSession, useForm } from '@manzil/ui';
import { useFeedback } from '../auth/feedback.js';
import { identityFetch } from '../auth/identity.js';
import { enterApp } from '../auth/login-outcome.js';
import { pendingVerification } from '../auth/pending-verification.js';
import { OtpTimer } from '../auth/otp-verify-page.js';
import { useShell } from '../auth/shell-context.js';

/** The deletion OTP's answer may say how long it lives; the contracts' limits otherwise. */
const deletionOtpResultsSchema = z
  .object({
    expiresInSeconds: z.number().int().positive().optional(),
    resendInSeconds: z.number().int().nonnegative().optional(),
  })
  .nullable();

function errorText(failure: unknown, fallback: string): string {
  return failure instanceof ApiError && failure.message ? failure.message : fallback;
}

/** Language stored on the account (the spec's change-language call), and the page follows. */
function LanguageSetting() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { language, changeLanguage } = useShell();
  const { toast, withLoader } = useFeedback();

  async function choose(next: Language) {
    if (next === language) return;
    try {
      await withLoader(
        identityFetch(IDENTITY_API.changeLanguage, {
          language: next,
          method: 'PUT',
          body: { language: next },
        }),
      );
      changeLanguage(next);
    } catch (failure) {
      toast('danger', errorText(failure, t('shell.error.generic')));
    }
  }

  return (
    <section className="profile-card" data-testid="language-setting">
      <h2 className="profile-card__title">{t('shell.settings.language')}</h2>
      <p className="profile-card__note">{t('shell.settings.languageNote')}</p>
      <div className="settings-languages" role="radiogroup" aria-label={t('shell.settings.language')}>
        {LANGUAGE_ENTRIES.map((entry) => (
          <button
            key={entry.language}
            type="button"
            role="radio"
            aria-checked={entry.language === language}
            lang={entry.language}
            className="settings-language"
            data-testid={`settings-language-${entry.language}`}
            onClick={() => void choose(entry.language)}
          >
            <span className="settings-language__dot" aria-hidden="true" />
            {entry.lang}
          </button>
        ))}
      </div>
    </section>
  );
}

type DeletionStep = { step: 'idle' } | { step: 'otp'; expiresAt: number; resendAt: number };

/** Account deletion (spec §4): request an OTP, enter it, confirm, then logged out. */
function AccountDeletion({ profile }: { profile: AccountProfile }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { language } = useShell();
  const { toast, withLoader, confirm } = useFeedback();
  const [state, setState] = useState<DeletionStep>({ step: 'idle' });
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm(language, { otp: '', reason: '' });

  async function requestOtp() {
    setServerError(null);
    try {
      const envelope = await withLoader(
        identityFetch(IDENTITY_API.deletionOtp, {
          language,
          method: 'POST',
          results: deletionOtpResultsSchema,
        }),
      );
      const timing = pendingVerification(
        {
          countryCode: profile.countryCode,
          mobile: profile.mobile,
          purpose: 'delete',
          ...(envelope.results ?? {}),
        },
        loginTypeOf(profile.role),
      );
      setState({ step: 'otp', expiresAt: timing.expiresAt, resendAt: timing.resendAt });
      form.setValue('otp', '');
      toast('info', envelope.message || t('shell.otp.sent'));
    } catch (failure) {
      toast('danger', errorText(failure, t('shell.error.generic')));
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setServerError(null);
    const request = form.validate(accountDeletionSchema, {
      otp: form.values.otp,
      reason: form.values.reason.trim() === '' ? undefined : form.values.reason,
    });
    if (!request) return;
    if (!(await confirm(t('shell.delete.confirm')))) return;
    try {
      const envelope = await withLoader(
        identityFetch(IDENTITY_API.deletion, { language, method: 'POST', body: request }),
      );
      clearSession();
      toast('success', envelope.message || t('shell.delete.done'));
      enterApp(`/login?type=${loginTypeOf(profile.role)}`);
    } catch (failure) {
      if (form.showApiError(failure)) return;
      setServerError(errorText(failure, t('shell.error.generic')));
    }
  }

  const otpError = form.error('otp') ?? serverError;
  return (
    <section className="profile-card profile-card--danger" data-testid="account-deletion">
      <h2 className="profile-card__title">{t('shell.delete.title')}</h2>
      <p className="profile-card__note">{t('shell.delete.note')}</p>
      {state.step === 'idle' ? (
        <Button
          variant="secondary"
          className="profile-danger-button"
          onClick={() => void requestOtp()}
          data-testid="delete-start"
        >
          {t('shell.delete.start')}
        </Button>
      ) : (
        <form
          className="mz-form profile-narrow"
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          data-testid="delete-form"
        >
          <p className="mz-field__label">{t('shell.delete.enterOtp')}</p>
          <OtpInput
            label={t('shell.otp.label')}
            value={form.values.otp}
            onChange={(otp) => form.setValue('otp', otp)}
            invalid={Boolean(otpError)}
            testId="delete-otp"
          />
          {otpError ? (
            <p className="mz-field__error" role="alert" data-testid="delete-otp-error">
              {otpError}
            </p>
          ) : null}
          <OtpTimer
            expiresAt={state.expiresAt}
            resendAt={state.resendAt}
            onResend={() => void requestOtp()}
          />
          <TextAreaField
            label={t('shell.delete.reason')}
            value={form.values.reason}
            maxLength={500}
            onChange={(reason) => form.setValue('reason', reason)}
            error={form.error('reason')}
            rows={3}
          />
          <div className="profile-actions">
            <Button variant="secondary" onClick={() => setState({ step: 'idle' })}>
              {t('shell.confirm.cancel')}
            </Button>
            <Button type="submit" className="profile-danger-button--solid" data-testid="delete-submit">
              {t('shell.delete.submit')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

export function SettingsTab({ profile }: { profile: AccountProfile }) {
  return (
    <div className="profile-stack" data-testid="settings">
      <LanguageSetting />
      <AccountDeletion profile={profile} />
    </div>
  );
}
