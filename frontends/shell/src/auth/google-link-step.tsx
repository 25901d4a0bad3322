import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from '@manzil/ui/router';
import { useMutation } from '@tanstack/react-query';
import { googleLinkSchema, type GoogleLinkRequired, type LoginResults } from '@manzil/contracts';
import { ApiError, Button, Ltr } from '@manzil/ui';
import {
  FormErrorSummary,
  OtpField,
  PasswordField,
  SubmitButton,
  showServerErrors,
  useContractForm,
} from '@manzil/ui/forms';
import { useFeedback } from './feedback.js';
import { linkGoogle, sendGoogleLinkOtp, separateGoogleAccount } from './google-sign-in.js';
import { OtpTimer } from './otp-verify-page.js';
import { useShell } from './shell-context.js';

/** The code sent to the account's mobile: when it stops working and when another may be asked. */
interface SentCode {
  expiresAt: number;
  resendAt: number;
}

/**
 * Google proved an e-mail that an account of the site holds without having proved it: before
 * Google is linked to that account its owner proves it (its password, or a code sent to its
 * verified mobile); someone who does not own it takes the e-mail for a separate account
 * instead (when the server offers it). `onSignedIn` receives the session either way.
 */
export function GoogleLinkStep({
  link,
  message,
  onSignedIn,
}: {
  link: GoogleLinkRequired;
  /** The server's explanation, already in the page's language. */
  message: string;
  onSignedIn: (results: LoginResults) => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { language } = useShell();
  const { toast, withLoader } = useFeedback();
  // One form per proof, each over the endpoint's own schema (the ticket added here).
  const passwordForm = useContractForm<{ password: string }>({
    schema: googleLinkSchema,
    defaultValues: { password: '' },
    toInput: ({ password }) => ({ ticket: link.ticket, password }),
  });
  const otpForm = useContractForm<{ otp: string }>({
    schema: googleLinkSchema,
    defaultValues: { otp: '' },
    toInput: ({ otp }) => ({ ticket: link.ticket, otp }),
  });
  const [sent, setSent] = useState<SentCode | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const prove = useMutation({
    mutationFn: (body: { password: string } | { otp: string }) => linkGoogle(link.ticket, body, language),
  });
  const sendOtp = useMutation({ mutationFn: () => sendGoogleLinkOtp(link.ticket, language) });
  const separateAccount = useMutation({ mutationFn: () => separateGoogleAccount(link.ticket, language) });

  /** Anything the server refuses without naming a field shows above the buttons. */
  function fail(error: unknown) {
    setProblem(error instanceof ApiError && error.message ? error.message : t('shell.auth.google.failed'));
  }

  async function proveWith(
    body: { password: string } | { otp: string },
    form: typeof passwordForm | typeof otpForm,
  ) {
    setProblem(null);
    try {
      onSignedIn(await prove.mutateAsync(body));
    } catch (error) {
      if (!showServerErrors(form as never, error)) fail(error);
    }
  }

  async function sendCode() {
    setProblem(null);
    try {
      const timing = await withLoader(sendOtp.mutateAsync());
      const now = Date.now();
      setSent({
        expiresAt: now + timing.expiresInSeconds * 1000,
        resendAt: now + timing.resendInSeconds * 1000,
      });
      otpForm.reset({ otp: '' });
      toast('success', t('shell.otp.sent'));
    } catch (error) {
      fail(error);
    }
  }

  async function separate() {
    setProblem(null);
    try {
      onSignedIn(await withLoader(separateAccount.mutateAsync()));
    } catch (error) {
      fail(error);
    }
  }

  return (
    <div className="google-link" data-testid="google-link">
      <h2 className="google-link__title">{t('shell.auth.google.link.title')}</h2>
      <p className="auth__subtitle" data-testid="google-link-message">
        {message}
      </p>
      <p className="google-link__email">
        {intl.formatMessage(
          { id: 'shell.auth.google.link.email' },
          { email: <Ltr key="e">{link.email}</Ltr> },
        )}
      </p>
      {problem ? (
        <p className="mz-field__error" role="alert" data-testid="google-link-error">
          {problem}{' '}
          <Link to="/login" className="auth__link">
            {t('shell.auth.backToLogin')}
          </Link>
        </p>
      ) : null}

      {link.proofs.includes('password') ? (
        <form
          className="mz-form"
          noValidate
          onSubmit={(event) =>
            void passwordForm.handleSubmit(() =>
              proveWith({ password: passwordForm.getValues('password') }, passwordForm),
            )(event)
          }
          data-testid="google-link-password-form"
        >
          <FormErrorSummary control={passwordForm.control} setFocus={passwordForm.setFocus} />
          <PasswordField
            control={passwordForm.control}
            name="password"
            label={t('shell.auth.google.link.password')}
            autoComplete="current-password"
            showLabel={t('shell.form.show')}
            hideLabel={t('shell.form.hide')}
            testId="google-link-password"
          />
          <SubmitButton control={passwordForm.control} size="lg" data-testid="google-link-password-submit">
            {t('shell.auth.google.link.submit')}
          </SubmitButton>
        </form>
      ) : null}

      {link.proofs.includes('otp') && link.mobile ? (
        <div className="google-link__otp">
          {sent ? (
            <form
              className="mz-form otp-form"
              noValidate
              onSubmit={(event) =>
                void otpForm.handleSubmit(() => proveWith({ otp: otpForm.getValues('otp') }, otpForm))(event)
              }
              data-testid="google-link-otp-form"
            >
              <FormErrorSummary control={otpForm.control} setFocus={otpForm.setFocus} />
              <p className="auth__subtitle">
                {intl.formatMessage({ id: 'shell.otp.sentTo' }, { mobile: <Ltr key="m">{link.mobile}</Ltr> })}
              </p>
              <OtpField
                control={otpForm.control}
                name="otp"
                label={t('shell.otp.label')}
                testId="google-link-otp"
              />
              <OtpTimer
                expiresAt={sent.expiresAt}
                resendAt={sent.resendAt}
                onResend={() => void sendCode()}
              />
              <SubmitButton control={otpForm.control} size="lg" data-testid="google-link-otp-submit">
                {t('shell.auth.google.link.submit')}
              </SubmitButton>
            </form>
          ) : (
            <Button
              type="button"
              variant="secondary"
              size="lg"
              onClick={() => void sendCode()}
              data-testid="google-link-send-code"
            >
              {intl.formatMessage(
                { id: 'shell.auth.google.link.sendCode' },
                { mobile: <Ltr key="m">{link.mobile}</Ltr> },
              )}
            </Button>
          )}
        </div>
      ) : null}

      {link.separate ? (
        <div className="google-link__separate">
          <p className="auth-google__or" aria-hidden="true">
            <span>{t('shell.auth.or')}</span>
          </p>
          <p className="auth__subtitle">{t('shell.auth.google.link.separateHint')}</p>
          <Button
            type="button"
            variant="ghost"
            size="lg"
            onClick={() => void separate()}
            data-testid="google-link-separate"
          >
            {t('shell.auth.google.link.separate')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
