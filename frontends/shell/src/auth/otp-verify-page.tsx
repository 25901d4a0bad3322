import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { IDENTITY_API, loginResultsSchema, verifyOtpSchema } from '@manzil/contracts';
import { ApiError, Button, Ltr, OtpInput, useForm } from '@manzil/ui';
import { AuthLayout } from './auth-layout.js';
import { useFeedback } from './feedback.js';
import { identityFetch, otpTimingSchema } from './identity.js';
import { completeLogin } from './login-outcome.js';
import {
  clearPendingVerification,
  pendingVerification,
  readPendingVerification,
  savePendingReset,
  savePendingVerification,
  type PendingVerification,
} from './pending-verification.js';
import { useShell } from './shell-context.js';
import { formatCountdown, useCountdown } from './use-countdown.js';

const resetResultsSchema = z.object({ resetToken: z.string().min(1) });

/** The countdown, the expiry message and the resend button of an OTP (spec §4, §8). */
export function OtpTimer({
  expiresAt,
  resendAt,
  onResend,
}: {
  expiresAt: number;
  resendAt: number;
  onResend: () => void;
}) {
  const intl = useIntl();
  const expiresIn = useCountdown(expiresAt);
  const resendIn = useCountdown(resendAt);
  return (
    <div className="otp-timer" data-testid="otp-timer">
      {expiresIn > 0 ? (
        <p className="otp-timer__left" data-testid="otp-countdown">
          {intl.formatMessage(
            { id: 'shell.otp.expiresIn' },
            { time: <Ltr key="t">{formatCountdown(expiresIn)}</Ltr> },
          )}
        </p>
      ) : (
        <p className="otp-timer__expired" role="alert" data-testid="otp-expired">
          {intl.formatMessage({ id: 'shell.otp.expired' })}
        </p>
      )}
      <Button variant="ghost" size="sm" disabled={resendIn > 0} onClick={onResend} data-testid="otp-resend">
        {resendIn > 0
          ? intl.formatMessage({ id: 'shell.otp.resendIn' }, { time: formatCountdown(resendIn) })
          : intl.formatMessage({ id: 'shell.otp.resend' })}
      </Button>
    </div>
  );
}

function OtpForm({ initial }: { initial: PendingVerification }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const navigate = useNavigate();
  const { language, site } = useShell();
  const { toast, withLoader } = useFeedback();
  const [pending, setPending] = useState(initial);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm(language, { otp: '' });
  const expiresIn = useCountdown(pending.expiresAt);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setServerError(null);
    const request = form.validate(verifyOtpSchema, {
      countryCode: pending.countryCode,
      mobile: pending.mobile,
      purpose: pending.purpose,
      otp: form.values.otp,
    });
    if (!request) return;
    try {
      const envelope = await withLoader(
        identityFetch<unknown>(IDENTITY_API.verifyOtp, {
          language,
          method: 'POST',
          body: request,
          endsSession: false,
        }),
      );
      clearPendingVerification();
      if (pending.purpose === 'reset') {
        const reset = {
          resetToken: resetResultsSchema.parse(envelope.results).resetToken,
          loginType: pending.loginType,
        };
        savePendingReset(reset);
        navigate('/resetPassword', { replace: true, state: reset });
        return;
      }
      completeLogin(loginResultsSchema.parse(envelope.results), site);
    } catch (error) {
      if (form.showApiError(error)) return;
      setServerError(error instanceof ApiError && error.message ? error.message : t('shell.error.generic'));
    }
  }

  async function resend() {
    setServerError(null);
    try {
      const envelope = await withLoader(
        identityFetch(IDENTITY_API.resendOtp, {
          language,
          method: 'POST',
          body: { countryCode: pending.countryCode, mobile: pending.mobile, purpose: pending.purpose },
          results: otpTimingSchema,
          endsSession: false,
        }),
      );
      const next = pendingVerification({ ...pending, ...envelope.results }, pending.loginType);
      savePendingVerification(next);
      setPending(next);
      form.setValue('otp', '');
      toast('success', envelope.message || t('shell.otp.sent'));
    } catch (error) {
      setServerError(error instanceof ApiError && error.message ? error.message : t('shell.error.generic'));
    }
  }

  const fieldError = form.error('otp');
  return (
    <form
      className="mz-form otp-form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      data-testid="otp-form"
    >
      <p className="auth__subtitle">
        {intl.formatMessage(
          { id: 'shell.otp.sentTo' },
          { mobile: <Ltr key="m">{`${pending.countryCode} ${pending.mobile}`}</Ltr> },
        )}
      </p>
      <OtpInput
        label={t('shell.otp.label')}
        value={form.values.otp}
        onChange={(otp) => {
          form.setValue('otp', otp);
          setServerError(null);
        }}
        invalid={Boolean(fieldError || serverError)}
        disabled={expiresIn === 0}
      />
      {fieldError || serverError ? (
        <p className="mz-field__error otp-form__error" role="alert" data-testid="otp-error">
          {fieldError ?? serverError}
        </p>
      ) : null}
      <OtpTimer expiresAt={pending.expiresAt} resendAt={pending.resendAt} onResend={() => void resend()} />
      <Button type="submit" size="lg" disabled={expiresIn === 0} data-testid="otp-submit">
        {t('shell.otp.submit')}
      </Button>
    </form>
  );
}

/** `/otpVerify`: 4 digits, the countdown, resend after the cooldown (spec §4). */
export function OtpVerifyPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const location = useLocation();
  const [pending] = useState(() => readPendingVerification(location.state));
  return (
    <AuthLayout testId="otp-page" title={t('shell.auth.otpVerify.title')}>
      {pending ? (
        <OtpForm initial={pending} />
      ) : (
        <div className="auth__empty" data-testid="otp-nothing">
          <p>{t('shell.otp.nothing')}</p>
          <Link to="/login" className="auth__link">
            {t('shell.auth.login.link')}
          </Link>
        </div>
      )}
    </AuthLayout>
  );
}
