import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import {
  IDENTITY_API,
  LANGUAGE_ENTRIES,
  accountDeletionSchema,
  loginTypeOf,
  type AccountProfile,
  type Language,
} from '@manzil/contracts';
import { ApiError, Button, clearSession } from '@manzil/ui';
import {
  FormErrorSummary,
  OtpField,
  SERVER_ERROR,
  SubmitButton,
  TextAreaField,
  showServerErrors,
  useContractForm,
} from '@manzil/ui/forms';
import { useFeedback } from '../auth/feedback.js';
import { identityFetch } from '../auth/identity.js';
import { enterApp } from '../auth/login-outcome.js';
import { pendingVerification } from '../auth/pending-verification.js';
import { OtpTimer } from '../auth/otp-verify-page.js';
import { useShell } from '../auth/shell-context.js';
import { NotificationSettings } from './notification-settings.js';

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
  const { toast } = useFeedback();
  const store = useMutation({
    mutationFn: (next: Language) =>
      identityFetch(IDENTITY_API.changeLanguage, { language: next, method: 'PUT', body: { language: next } }),
  });

  async function choose(next: Language) {
    if (next === language || store.isPending) return;
    try {
      await store.mutateAsync(next);
      changeLanguage(next);
    } catch (failure) {
      toast('danger', errorText(failure, t('shell.error.generic')));
    }
  }

  return (
    <section className="profile-card" data-testid="language-setting">
      <h2 className="profile-card__title">{t('shell.settings.language')}</h2>
      <p className="profile-card__note">{t('shell.settings.languageNote')}</p>
      {/* Buttons, not radios: choosing saves and reloads the page in that language (WCAG 3.2.2). */}
      <div
        className="settings-languages"
        role="group"
        aria-label={t('shell.settings.language')}
        aria-busy={store.isPending || undefined}
      >
        {LANGUAGE_ENTRIES.map((entry) => (
          <button
            key={entry.language}
            type="button"
            aria-pressed={entry.language === language}
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

/** Logout everywhere: every session of the account ends, on every device, this one too; then /login. */
function SignOutEverywhere({ profile }: { profile: AccountProfile }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { language } = useShell();
  const { toast, confirm } = useFeedback();
  const endSessions = useMutation({
    mutationFn: () => identityFetch(IDENTITY_API.logoutEverywhere, { language, method: 'POST' }),
  });

  async function signOutEverywhere() {
    if (!(await confirm(t('shell.sessions.confirm')))) return;
    try {
      await endSessions.mutateAsync();
      clearSession();
      enterApp(`/login?type=${loginTypeOf(profile.role)}`);
    } catch (failure) {
      toast('danger', errorText(failure, t('shell.error.generic')));
    }
  }

  return (
    <section className="profile-card" data-testid="sessions-setting">
      <h2 className="profile-card__title">{t('shell.sessions.title')}</h2>
      <p className="profile-card__note">{t('shell.sessions.note')}</p>
      <Button
        variant="secondary"
        onClick={() => void signOutEverywhere()}
        disabled={endSessions.isPending}
        aria-busy={endSessions.isPending || undefined}
        data-testid="logout-everywhere"
      >
        {t('shell.sessions.logoutEverywhere')}
      </Button>
    </section>
  );
}

type DeletionStep = { step: 'idle' } | { step: 'otp'; expiresAt: number; resendAt: number };

/** Account deletion (spec §4): request an OTP, enter it, confirm, then logged out. */
function AccountDeletion({ profile }: { profile: AccountProfile }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { language } = useShell();
  const { toast, confirm } = useFeedback();
  const [state, setState] = useState<DeletionStep>({ step: 'idle' });
  const form = useContractForm<{ otp: string; reason: string }>({
    schema: accountDeletionSchema,
    defaultValues: { otp: '', reason: '' },
    toInput: ({ otp, reason }) => ({ otp, reason: reason.trim() === '' ? undefined : reason }),
  });
  const sendCode = useMutation({
    mutationFn: () =>
      identityFetch(IDENTITY_API.deletionOtp, {
        language,
        method: 'POST',
        results: deletionOtpResultsSchema,
      }),
  });
  const remove = useMutation({
    mutationFn: (request: unknown) =>
      identityFetch(IDENTITY_API.deletion, { language, method: 'POST', body: request }),
  });

  async function requestOtp() {
    try {
      const envelope = await sendCode.mutateAsync();
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
      form.reset({ otp: '', reason: form.getValues('reason') });
      toast('info', envelope.message || t('shell.otp.sent'));
    } catch (failure) {
      toast('danger', errorText(failure, t('shell.error.generic')));
    }
  }

  async function onValid(request: unknown) {
    if (!(await confirm(t('shell.delete.confirm')))) return;
    try {
      const envelope = await remove.mutateAsync(request);
      clearSession();
      toast('success', envelope.message || t('shell.delete.done'));
      enterApp(`/login?type=${loginTypeOf(profile.role)}`);
    } catch (failure) {
      if (showServerErrors(form, failure)) return;
      // A wrong or expired code: the server's words under the boxes.
      form.setError(
        'otp',
        { type: SERVER_ERROR, message: errorText(failure, t('shell.error.generic')) },
        { shouldFocus: true },
      );
    }
  }

  return (
    <section className="profile-card profile-card--danger" data-testid="account-deletion">
      <h2 className="profile-card__title">{t('shell.delete.title')}</h2>
      <p className="profile-card__note">{t('shell.delete.note')}</p>
      {state.step === 'idle' ? (
        <Button
          variant="secondary"
          className="profile-danger-button"
          onClick={() => void requestOtp()}
          disabled={sendCode.isPending}
          aria-busy={sendCode.isPending || undefined}
          data-testid="delete-start"
        >
          {t('shell.delete.start')}
        </Button>
      ) : (
        <form
          className="mz-form profile-narrow"
          noValidate
          onSubmit={(event) => void form.handleSubmit(onValid)(event)}
          data-testid="delete-form"
        >
          <FormErrorSummary control={form.control} setFocus={form.setFocus} />
          <p className="mz-field__label">{t('shell.delete.enterOtp')}</p>
          <OtpField control={form.control} name="otp" label={t('shell.otp.label')} testId="delete-otp" />
          <OtpTimer
            expiresAt={state.expiresAt}
            resendAt={state.resendAt}
            onResend={() => void requestOtp()}
            busy={sendCode.isPending}
          />
          <TextAreaField
            control={form.control}
            name="reason"
            label={t('shell.delete.reason')}
            maxLength={500}
            rows={3}
          />
          <div className="profile-actions">
            <Button variant="secondary" onClick={() => setState({ step: 'idle' })}>
              {t('shell.confirm.cancel')}
            </Button>
            <SubmitButton
              control={form.control}
              className="profile-danger-button--solid"
              data-testid="delete-submit"
            >
              {t('shell.delete.submit')}
            </SubmitButton>
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
      {/* Administrators are told nothing by the notifications service (its README's table). */}
      {profile.role !== 'admin' ? <NotificationSettings role={profile.role} /> : null}
      <SignOutEverywhere profile={profile} />
      <AccountDeletion profile={profile} />
    </div>
  );
}
