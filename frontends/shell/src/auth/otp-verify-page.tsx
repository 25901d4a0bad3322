import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from '@manzil/ui/router';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { IDENTITY_API, loginResultsSchema, verifyOtpSchema } from '@manzil/contracts';
import { ApiError, Button, Ltr } from '@manzil/ui';
import {
  FormErrorSummary,
  OtpField,
  SERVER_ERROR,
  SubmitButton,
  showServerErrors,
  useContractForm,
} from '@manzil/ui/forms';
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
  busy = false,
}: {
  expiresAt: number;
  resendAt: number;
  onResend: () => void;
  /** A new code is being asked for: the button waits. */
  busy?: boolean;
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
      <Button
        variant="ghost"
        size="sm"
        disabled={resendIn > 0 || busy}
        aria-busy={busy || undefined}
        onClick={onResend}
        data-testid="otp-resend"
      >
        {resendIn > 0
          ? intl.formatMessage({ id: 'shell.otp.resendIn' }, { time: formatCountdown(resendIn) })
          : intl.formatMessage({ id: 'shell.otp.resend' })}
      </Button>
    </div>
  );
}

type VerifyRequest = z.infer<typeof verifyOtpSchema>;

function OtpForm({ initial }: { initial: PendingVerification }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const navigate = useNavigate();
  const { language, site } = useShell();
  const { toast } = useFeedback();
  const [pending, setPending] = useState(initial);
  const expiresIn = useCountdown(pending.expiresAt);
  const form = useContractForm<{ otp: string }, VerifyRequest>({
    schema: verifyOtpSchema,
    defaultValues: { otp: '' },
    toInput: ({ otp }) => ({
      countryCode: pending.countryCode,
      mobile: pending.mobile,
      purpose: pending.purpose,
      otp,
    }),
  });
  const verify = useMutation({
    mutationFn: (request: VerifyRequest) =>
      identityFetch<unknown>(IDENTITY_API.verifyOtp, {
        language,
        method: 'POST',
        body: request,
        endsSession: false,
      }),
  });
  const resendCode = useMutation({
    mutationFn: () =>
      identityFetch(IDENTITY_API.resendOtp, {
        language,
        method: 'POST',
        body: { countryCode: pending.countryCode, mobile: pending.mobile, purpose: pending.purpose },
        results: otpTimingSchema,
        endsSession: false,
      }),
  });

  async function onValid(request: VerifyRequest) {
    try {
      const envelope = await verify.mutateAsync(request);
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
      if (showServerErrors(form, error)) return;
      // A wrong or used code: the server's words under the boxes (and in the summary).
      form.setError(
        'otp',
        {
          type: SERVER_ERROR,
          message: error instanceof ApiError && error.message ? error.message : t('shell.error.generic'),
        },
        { shouldFocus: true },
      );
    }
  }

  async function resend() {
    try {
      const envelope = await resendCode.mutateAsync();
      const next = pendingVerification({ ...pending, ...envelope.results }, pending.loginType);
      savePendingVerification(next);
      setPending(next);
      form.reset({ otp: '' });
      toast('success', envelope.message || t('shell.otp.sent'));
    } catch (error) {
      toast('danger', error instanceof ApiError && error.message ? error.message : t('shell.error.generic'));
    }
  }

  return (
    <form
      className="mz-form otp-form"
      noValidate
      onSubmit={(event) => void form.handleSubmit(onValid)(event)}
      data-testid="otp-form"
    >
      <FormErrorSummary control={form.control} setFocus={form.setFocus} />
      <p className="auth__subtitle">
        {intl.formatMessage(
          { id: 'shell.otp.sentTo' },
          { mobile: <Ltr key="m">{`${pending.countryCode} ${pending.mobile}`}</Ltr> },
        )}
      </p>
      <OtpField control={form.control} name="otp" label={t('shell.otp.label')} disabled={expiresIn === 0} />
      <OtpTimer
        expiresAt={pending.expiresAt}
        resendAt={pending.resendAt}
        onResend={() => void resend()}
        busy={resendCode.isPending}
      />
      <SubmitButton control={form.control} size="lg" disabled={expiresIn === 0} data-testid="otp-submit">
        {t('shell.otp.submit')}
      </SubmitButton>
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
