import { useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from '@manzil/ui/router';
import { useMutation } from '@tanstack/react-query';
import { SITE_FACTS, loginRequestSchema, type LoginRequest } from '@manzil/contracts';
import { FormErrorSummary, PasswordField, PhoneField, SubmitButton, useContractForm } from '@manzil/ui/forms';
import { AuthLayout } from './auth-layout.js';
import { useFeedback } from './feedback.js';
import { GoogleButton } from './google-button.js';
import { LOGIN_TYPE_LIST, loginTypeParam } from './identity.js';
import { applyLoginOutcome, submitLogin } from './login-outcome.js';
import { useShell } from './shell-context.js';

/** `/login?type=Customer|Agent|Company`: country code, mobile and password (spec §3/§4). */
export function LoginPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { language, site } = useShell();
  const { toast, withLoader } = useFeedback();
  const loginType = loginTypeParam(params.get('type'));
  const form = useContractForm<{ countryCode: string; mobile: string; password: string }, LoginRequest>({
    schema: loginRequestSchema,
    defaultValues: { countryCode: SITE_FACTS[site].phonePrefix, mobile: '', password: '' },
  });
  const login = useMutation({
    mutationFn: (request: LoginRequest) =>
      submitLogin(request, loginType, { site, language, fallbackMessage: t('shell.error.generic') }),
  });

  // Spec §4: the global loader shows while the login runs (the one request that keeps it).
  async function onValid(request: LoginRequest) {
    const outcome = await withLoader(login.mutateAsync(request));
    applyLoginOutcome(outcome, { navigate, toast: (message) => toast('danger', message) });
  }

  return (
    <AuthLayout
      testId="login-page"
      title={t('shell.auth.login.title')}
      subtitle={t('shell.auth.login.subtitle')}
      kinds={{
        label: t('shell.auth.kind'),
        value: loginType,
        options: LOGIN_TYPE_LIST.map((type) => ({ value: type, label: t(`shell.auth.kind.${type}`) })),
        onChange: (type) => setParams({ type }, { replace: true }),
      }}
    >
      <form
        className="mz-form"
        noValidate
        onSubmit={(event) => void form.handleSubmit(onValid)(event)}
        data-testid="login-form"
      >
        <FormErrorSummary control={form.control} setFocus={form.setFocus} />
        <PhoneField
          control={form.control}
          label={t('shell.form.mobile')}
          codeLabel={t('shell.form.countryCode')}
          testId="login-mobile"
        />
        <PasswordField
          control={form.control}
          name="password"
          label={t('shell.form.password')}
          autoComplete="current-password"
          showLabel={t('shell.form.show')}
          hideLabel={t('shell.form.hide')}
          testId="login-password"
        />
        <div className="auth__row-end">
          <Link to={`/forgotPassword?type=${loginType}`} className="auth__link">
            {t('shell.auth.forgot.link')}
          </Link>
        </div>
        <SubmitButton control={form.control} size="lg" data-testid="login-submit">
          {t('shell.auth.login.submit')}
        </SubmitButton>
      </form>
      <GoogleButton loginType={loginType} />
      <p className="auth__switch">
        {t('shell.auth.noAccount')}{' '}
        <Link to={`/register?type=${loginType}`} className="auth__link" data-testid="to-register">
          {t('shell.auth.register.link')}
        </Link>
      </p>
    </AuthLayout>
  );
}
