import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router';
import { IDENTITY_API, resetPasswordSchema } from '@manzil/contracts';
import { ApiError, Button, PasswordField, passwordMismatch, useForm } from '@manzil/ui';
import { AuthLayout } from './auth-layout.js';
import { useFeedback } from './feedback.js';
import { identityFetch } from './identity.js';
import { clearPendingReset, readPendingReset } from './pending-verification.js';
import { useShell } from './shell-context.js';

/** `/resetPassword`: after the reset OTP, a new password with the `resetToken`. */
export function ResetPasswordPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const navigate = useNavigate();
  const location = useLocation();
  const { language } = useShell();
  const { toast, withLoader } = useFeedback();
  const [reset] = useState(() => readPendingReset(location.state));
  const form = useForm(language, { password: '', confirmPassword: '' });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!reset) return;
    const request = form.validate(
      resetPasswordSchema,
      { ...form.values, resetToken: reset.resetToken },
      passwordMismatch,
    );
    if (!request) return;
    try {
      const envelope = await withLoader(
        identityFetch(IDENTITY_API.resetPassword, {
          language,
          method: 'POST',
          body: request,
          endsSession: false,
        }),
      );
      clearPendingReset();
      toast('success', envelope.message || t('shell.reset.done'));
      navigate(`/login?type=${reset.loginType}`, { replace: true });
    } catch (error) {
      if (form.showApiError(error)) return;
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
          onSubmit={(event) => void onSubmit(event)}
          data-testid="reset-form"
        >
          <PasswordField
            label={t('shell.form.newPassword')}
            value={form.values.password}
            onChange={(value) => form.setValue('password', value)}
            autoComplete="new-password"
            error={form.error('password')}
            hint={t('shell.form.passwordHint')}
            showLabel={t('shell.form.show')}
            hideLabel={t('shell.form.hide')}
            testId="reset-password"
          />
          <PasswordField
            label={t('shell.form.confirmPassword')}
            value={form.values.confirmPassword}
            onChange={(value) => form.setValue('confirmPassword', value)}
            autoComplete="new-password"
            error={form.error('confirmPassword')}
            showLabel={t('shell.form.show')}
            hideLabel={t('shell.form.hide')}
            testId="reset-confirm"
          />
          <Button type="submit" size="lg" data-testid="reset-submit">
            {t('shell.reset.submit')}
          </Button>
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
