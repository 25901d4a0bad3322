import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { listingPagePath, type Language } from '@manzil/contracts';
import { PagePlaceholder, buttonClassName } from '@manzil/ui';
import { Logo } from '../layout/logo.js';

/** The shell's own screens without header or footer (spec §2). */
export const AUTH_SCREENS = ['login', 'register', 'forgotPassword', 'otpVerify', 'resetPassword'] as const;
export type AuthScreen = (typeof AUTH_SCREENS)[number];

/** Login, sign-up, OTP and password screens until the identity service exists. */
export function AuthPlaceholderPage({ screen, language }: { screen: AuthScreen; language: Language }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <div className="shell-auth">
      <Logo large />
      <PagePlaceholder
        testId={`auth-${screen}`}
        eyebrow={t('shell.auth.eyebrow')}
        title={t(`shell.auth.${screen}.title`)}
        description={t('shell.auth.description')}
        upcoming={[
          t('shell.auth.item.login'),
          t('shell.auth.item.kinds'),
          t('shell.auth.item.otp'),
          t('shell.auth.item.google'),
        ]}
        action={
          <Link className={buttonClassName('primary')} to={listingPagePath('buy', language)}>
            {t('shell.auth.home')}
          </Link>
        }
      />
    </div>
  );
}
