import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import {
  IDENTITY_API,
  IDENTITY_LIMITS,
  accountProfileWithEmailSchema,
  verifyEmailSchema,
  type AccountProfileWithEmail,
  type Language,
} from '@manzil/contracts';
import { ApiError, Button, Dialog } from '@manzil/ui';
import {
  FormErrorSummary,
  OtpField,
  SERVER_ERROR,
  SubmitButton,
  showServerErrors,
  useContractForm,
} from '@manzil/ui/forms';
import { useFeedback } from '../auth/feedback.js';
import { identityFetch } from '../auth/identity.js';
import { OtpTimer } from '../auth/otp-verify-page.js';
import { useShell } from '../auth/shell-context.js';

/** The e-mail verification's own texts (kept beside the screen, like the Nafath block's). */
const TEXTS: Record<
  Language,
  { verify: string; title: string; sentTo: string; submit: string; done: string; changed: string }
> = {
  en: {
    verify: 'Verify e-mail',
    title: 'Verify your e-mail',
    sentTo: 'Enter the 4-digit code we sent to',
    submit: 'Verify',
    done: 'Your e-mail is verified.',
    changed: 'We sent a code to your new e-mail: verify it from your profile.',
  },
  ar: {
    verify: 'تحقق من البريد',
    title: 'تحقق من بريدك الإلكتروني',
    sentTo: 'أدخل الرمز المكون من 4 أرقام الذي أرسلناه إلى',
    submit: 'تحقق',
    done: 'تم التحقق من بريدك الإلكتروني.',
    changed: 'أرسلنا رمزًا إلى بريدك الإلكتروني الجديد: تحقق منه من ملفك الشخصي.',
  },
};

export function useEmailVerificationTexts() {
  const { language } = useShell();
  return TEXTS[language];
}

const timingSchema = z.object({
  expiresInSeconds: z.number().int().positive(),
  resendInSeconds: z.number().int().nonnegative(),
});

interface Deadlines {
  expiresAt: number;
  resendAt: number;
}

function deadlines(timing: { expiresInSeconds: number; resendInSeconds: number }): Deadlines {
  const now = Date.now();
  return { expiresAt: now + timing.expiresInSeconds * 1000, resendAt: now + timing.resendInSeconds * 1000 };
}

const isCooldown = (failure: unknown) => failure instanceof ApiError && failure.status === 429;

/**
 * Beside the e-mail on /profile: "Verified", or "Not verified" with a button that sends a code
 * to the address and opens a dialog to type it (countdown, resend after the cooldown).
 */
export function EmailVerification({
  profile,
  onVerified,
}: {
  profile: AccountProfileWithEmail;
  onVerified: (profile: AccountProfileWithEmail) => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const texts = useEmailVerificationTexts();
  const { language } = useShell();
  const { toast } = useFeedback();
  const formId = useId();
  const [open, setOpen] = useState<Deadlines | null>(null);
  const form = useContractForm<{ otp: string }>({ schema: verifyEmailSchema, defaultValues: { otp: '' } });
  const send = useMutation({
    mutationFn: () =>
      identityFetch(IDENTITY_API.resendEmailOtp, { language, method: 'POST', results: timingSchema }),
  });
  const verify = useMutation({
    mutationFn: (request: unknown) =>
      identityFetch(IDENTITY_API.verifyEmail, {
        language,
        method: 'POST',
        body: request,
        results: accountProfileWithEmailSchema,
      }),
  });

  /** A new code to the address; during the cooldown the last one (just sent) is still good. */
  async function sendCode(): Promise<void> {
    try {
      const envelope = await send.mutateAsync();
      setOpen(deadlines(envelope.results));
      form.reset({ otp: '' });
      if (open) toast('info', t('shell.otp.sent'));
    } catch (failure) {
      if (isCooldown(failure)) {
        setOpen(
          (current) =>
            current ??
            deadlines({
              expiresInSeconds: IDENTITY_LIMITS.otpSeconds,
              resendInSeconds: IDENTITY_LIMITS.otpResendCooldownSeconds,
            }),
        );
        if (open) toast('warning', failure instanceof ApiError ? failure.message : t('shell.error.generic'));
        return;
      }
      toast(
        'danger',
        failure instanceof ApiError && failure.message ? failure.message : t('shell.error.generic'),
      );
    }
  }

  async function onValid(request: unknown) {
    try {
      const envelope = await verify.mutateAsync(request);
      setOpen(null);
      onVerified(envelope.results);
      toast('success', texts.done);
    } catch (failure) {
      if (showServerErrors(form, failure)) return;
      form.setError(
        'otp',
        {
          type: SERVER_ERROR,
          message:
            failure instanceof ApiError && failure.message ? failure.message : t('shell.error.generic'),
        },
        { shouldFocus: true },
      );
    }
  }

  if (!profile.email) return null;
  return (
    <>
      <span
        className={profile.emailVerified ? 'profile-badge profile-badge--ok' : 'profile-badge'}
        data-testid="profile-email-status"
      >
        {t(profile.emailVerified ? 'shell.profile.verified' : 'shell.profile.unverified')}
      </span>
      {profile.emailVerified ? null : (
        <Button
          variant="ghost"
          size="sm"
          className="profile-email-verify"
          onClick={() => void sendCode()}
          disabled={send.isPending}
          aria-busy={send.isPending || undefined}
          data-testid="profile-email-verify"
        >
          {texts.verify}
        </Button>
      )}
      {open ? (
        <Dialog
          title={texts.title}
          onClose={() => setOpen(null)}
          tone="form"
          testId="email-otp-dialog"
          actions={
            <>
              <Button variant="secondary" onClick={() => setOpen(null)} data-testid="email-otp-cancel">
                {t('shell.confirm.cancel')}
              </Button>
              <SubmitButton control={form.control} form={formId} data-testid="email-otp-submit">
                {texts.submit}
              </SubmitButton>
            </>
          }
        >
          <form
            id={formId}
            className="mz-form profile-email-otp"
            noValidate
            onSubmit={(event) => void form.handleSubmit(onValid)(event)}
          >
            <FormErrorSummary control={form.control} setFocus={form.setFocus} />
            <p className="profile-card__note">
              {texts.sentTo}
              <bdi dir="ltr" className="profile-email-otp__address">
                {profile.email}
              </bdi>
            </p>
            <OtpField control={form.control} name="otp" label={t('shell.otp.label')} testId="email-otp" />
            <OtpTimer
              expiresAt={open.expiresAt}
              resendAt={open.resendAt}
              onResend={() => void sendCode()}
              busy={send.isPending}
            />
          </form>
        </Dialog>
      ) : null}
    </>
  );
}
