import { useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from '@manzil/ui/router';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { IDENTITY_API, SITE_FACTS, forgotPasswordSchema } from '@manzil/contracts';
import { ApiError } from '@manzil/ui';
import {
  FormErrorSummary,
  PhoneField,
  SubmitButton,
  showServerErrors,
  useContractForm,
} from '@manzil/ui/forms';
import { AuthLayout } from './auth-layout.js';
import { useFeedback } from './feedback.js';
import { identityFetch, loginTypeParam, otpTimingSchema } from './identity.js';
import { pendingVerification, savePendingVerification } from './pending-verification.js';
import { useShell } from './shell-context.js';

type ForgotRequest = z.infer<typeof forgotPasswordSchema>;

/** `/forgotPassword`: the mobile gets a reset OTP, then /otpVerify, then /resetPassword. */
export function ForgotPasswordPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const loginType = loginTypeParam(params.get('type'));
  const { language, site } = useShell();
  const { toast } = useFeedback();
  const form = useContractForm<{ countryCode: string; mobile: string }, ForgotRequest>({
    schema: forgotPasswordSchema,
    defaultValues: { countryCode: SITE_FACTS[site].phonePrefix, mobile: '' },
  });
  const sendCode = useMutation({
    mutationFn: (request: ForgotRequest) =>
      identityFetch(IDENTITY_API.forgotPassword, {
        language,
        method: 'POST',
        body: request,
        results: otpTimingSchema,
        endsSession: false,
      }),
  });

  async function onValid(request: ForgotRequest) {
    try {
      const envelope = await sendCode.mutateAsync(request);
      const pending = pendingVerification({ ...request, purpose: 'reset', ...envelope.results }, loginType);
      savePendingVerification(pending);
      navigate('/otpVerify', { state: pending });
    } catch (error) {
      if (showServerErrors(form, error)) return;
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
        onSubmit={(event) => void form.handleSubmit(onValid)(event)}
        data-testid="forgot-form"
      >
        <FormErrorSummary control={form.control} setFocus={form.setFocus} />
        <PhoneField
          control={form.control}
          label={t('shell.form.mobile')}
          codeLabel={t('shell.form.countryCode')}
          testId="forgot-mobile"
        />
        <SubmitButton control={form.control} size="lg" data-testid="forgot-submit">
          {t('shell.forgot.submit')}
        </SubmitButton>
      </form>
      <p className="auth__switch">
        <Link to={`/login?type=${loginType}`} className="auth__link">
          {t('shell.auth.backToLogin')}
        </Link>
      </p>
    </AuthLayout>
  );
}
