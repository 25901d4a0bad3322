import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from '@manzil/ui/router';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { IDENTITY_API, resetPasswordSchema } from '@manzil/contracts';
import { ApiError } from '@manzil/ui';
import {
  FormErrorSummary,
  PasswordField,
  SubmitButton,
  passwordMismatch,
  showServerErrors,
  useContractForm,
} from '@manzil/ui/forms';
import { AuthLayout } from './auth-layout.js';
import { useFeedback } from './feedback.js';
import { identityFetch } from './identity.js';
import { clearPendingReset, readPendingReset } from './pending-verification.js';
import { useShell } from './shell-context.js';

type ResetRequest = z.infer<typeof resetPasswordSchema>;

/** `/resetPassword`: after the reset OTP, a new password with the `resetToken`. */
export function ResetPasswordPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const navigate = useNavigate();
  const location = useLocation();
  const { language } = useShell();
  const { toast } = useFeedback();
  const [reset] = useState(() => readPendingReset(location.state));
  const form = useContractForm<{ password: string; confirmPassword: string }, ResetRequest>({
    schema: resetPasswordSchema,
    defaultValues: { password: '', confirmPassword: '' },
    toInput: (values) => ({ ...values, resetToken: reset?.resetToken ?? '' }),
    crossField: passwordMismatch,
  });
  const save = useMutation({
    mutationFn: (request: ResetRequest) =>
      identityFetch(IDENTITY_API.resetPassword, {
        language,
        method: 'POST',
        body: request,
        endsSession: false,
      }),
  });

  async function onValid(request: ResetRequest) {
    if (!reset) return;
    try {
      const envelope = await save.mutateAsync(request);
      clearPendingReset();
      toast('success', envelope.message || t('shell.reset.done'));
      navigate(`/login?type=${reset.loginType}`, { replace: true });
    } catch (error) {
      if (showServerErrors(form, error)) return;
      toast('danger', error instanceof ApiError && error.message ? error.message : t('shell.error.generic'));
    }
  }

  return (
    <AuthLayout
      testId="reset-page"
      title={t('shell.auth.resetPassword.title')}
      subtitle={reset ? t('shell.reset.subtitle') : undefined}
    >
      {reset ? (
        <form
          className="mz-form"
          noValidate
          onSubmit={(event) => void form.handleSubmit(onValid)(event)}
          data-testid="reset-form"
        >
          <FormErrorSummary control={form.control} setFocus={form.setFocus} />
          <PasswordField
            control={form.control}
            name="password"
            label={t('shell.form.newPassword')}
            autoComplete="new-password"
            hint={t('shell.form.passwordHint')}
            showLabel={t('shell.form.show')}
            hideLabel={t('shell.form.hide')}
            testId="reset-password"
          />
          <PasswordField
            control={form.control}
            name="confirmPassword"
            label={t('shell.form.confirmPassword')}
            autoComplete="new-password"
            showLabel={t('shell.form.show')}
            hideLabel={t('shell.form.hide')}
            testId="reset-confirm"
          />
          <SubmitButton control={form.control} size="lg" data-testid="reset-submit">
            {t('shell.reset.submit')}
          </SubmitButton>
        </form>
      ) : (
        <div className="auth__empty" data-testid="reset-nothing">
          <p>{t('shell.reset.nothing')}</p>
          <Link to="/forgotPassword" className="auth__link">
            {t('shell.auth.forgot.link')}
          </Link>
        </div>
      )}
    </AuthLayout>
  );
}
