import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SITE_FACTS, loginRequestSchema, type LoginType } from '@manzil/contracts';
import { Button, PasswordField, PhoneField, useForm } from '@manzil/ui';
import { AuthLayout, KindTabs } from './auth-layout.js';
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
  const form = useForm(language, {
    countryCode: SITE_FACTS[site].phonePrefix as '+971' | '+966',
    mobile: '',
    password: '',
  });
  const { values, setValue } = form;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const request = form.validate(loginRequestSchema, values);
    if (!request) return;
    const outcome = await withLoader(
      submitLogin(request, loginType, { site, language, fallbackMessage: t('shell.error.generic') }),
    );
    applyLoginOutcome(outcome, { navigate, toast: (message) => toast('danger', message) });
  }

  return (
    <AuthLayout
      testId="login-page"
      title={t('shell.auth.login.title')}
      subtitle={t('shell.auth.login.subtitle')}
    >
      <KindTabs<LoginType>
        label={t('shell.auth.kind')}
        value={loginType}
        options={LOGIN_TYPE_LIST.map((type) => ({ value: type, label: t(`shell.auth.kind.${type}`) }))}
        onChange={(type) => setParams({ type }, { replace: true })}
      />
      <form
        className="mz-form"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        data-testid="login-form"
      >
        <PhoneField
          label={t('shell.form.mobile')}
          codeLabel={t('shell.form.countryCode')}
          countryCode={values.countryCode}
          mobile={values.mobile}
          onCountryCodeChange={(code) => setValue('countryCode', code)}
          onMobileChange={(mobile) => setValue('mobile', mobile)}
          error={form.error('mobile') ?? form.error('countryCode')}
          testId="login-mobile"
        />
        <PasswordField
          label={t('shell.form.password')}
          value={values.password}
          onChange={(password) => setValue('password', password)}
          autoComplete="current-password"
          error={form.error('password')}
          showLabel={t('shell.form.show')}
          hideLabel={t('shell.form.hide')}
          testId="login-password"
        />
        <div className="auth__row-end">
          <Link to={`/forgotPassword?type=${loginType}`} className="auth__link">
            {t('shell.auth.forgot.link')}
          </Link>
        </div>
        <Button type="submit" size="lg" data-testid="login-submit">
          {t('shell.auth.login.submit')}
        </Button>
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
