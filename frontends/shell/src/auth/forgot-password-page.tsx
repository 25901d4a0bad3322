import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { IDENTITY_API, SITE_FACTS, forgotPasswordSchema } from '@manzil/contracts';
import { ApiError, Button, PhoneField, useForm } from '@manzil/ui';
import { AuthLayout } from './auth-layout.js';
import { useFeedback } from './feedback.js';
import { identityFetch, loginTypeParam, otpTimingSchema } from './identity.js';
import { pendingVerification, savePendingVerification } from './pending-verification.js';
import { useShell } from './shell-context.js';

/** `/forgotPassword`: the mobile gets a reset OTP, then /otpVerify, then /resetPassword. */
export function ForgotPasswordPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const loginType = loginTypeParam(params.get('type'));
  const { language, site } = useShell();
  const { toast, withLoader } = useFeedback();
  const form = useForm(language, {
    countryCode: SITE_FACTS[site].phonePrefix as '+971' | '+966',
    mobile: '',
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const request = form.validate(forgotPasswordSchema, form.values);
    if (!request) return;
    try {
      const envelope = await withLoader(
        identityFetch(IDENTITY_API.forgotPassword, {
          language,
          method: 'POST',
          body: request,
          results: otpTimingSchema,
          endsSession: false,
        }),
      );
      const pending = pendingVerification({ ...request, purpose: 'reset', ...envelope.results }, loginType);
      savePendingVerification(pending);
      navigate('/otpVerify', { state: pending });
    } catch (error) {
      if (form.showApiError(error)) return;
      toast('danger', error instanceof ApiError && error.message ? error.message : t('shell.error.generic'));
    }
  }

  return (
    <AuthLayout
      testId="forgot-page"
      title={t('shell.auth.forgotPassword.title')}
      subtitle={t('shell.forgot.subtitle')}
    >
      <form
        className="mz-form"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        data-testid="forgot-form"
      >
        <PhoneField
          label={t('shell.form.mobile')}
          codeLabel={t('shell.form.countryCode')}
          countryCode={form.values.countryCode}
          mobile={form.values.mobile}
          onCountryCodeChange={(code) => form.setValue('countryCode', code)}
          onMobileChange={(mobile) => form.setValue('mobile', mobile)}
          error={form.error('mobile') ?? form.error('countryCode')}
          testId="forgot-mobile"
        />
        <Button type="submit" size="lg" data-testid="forgot-submit">
          {t('shell.forgot.submit')}
        </Button>
      </form>
      <p className="auth__switch">
        <Link to={`/login?type=${loginType}`} className="auth__link">
          {t('shell.auth.backToLogin')}
        </Link>
      </p>
    </AuthLayout>
  );
}
