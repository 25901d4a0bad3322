import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from '@manzil/ui/router';
import { useMutation } from '@tanstack/react-query';
import type { GoogleLinkRequired } from '@manzil/contracts';
import { ApiError, apiFieldErrors } from '@manzil/ui';
import { AuthLayout } from './auth-layout.js';
import { useFeedback } from './feedback.js';
import { completeGoogleSignIn, consumeGoogleCallback, forgetGoogleCallback } from './google-sign-in.js';
import { completeLogin } from './login-outcome.js';
import { useShell } from './shell-context.js';

/*
 * The link step is a form (react-hook-form, OTP): fetched when a sign-in needs it, so the shell's
 * first load carries no form code. This page is lazy too; its route reads the answer first
 * (`GoogleCallbackRoute` in shell-app.tsx).
 */
const GoogleLinkStep = lazy(() =>
  import('./google-link-step.js').then((m) => ({ default: m.GoogleLinkStep })),
);

/**
 * `/auth/google/callback`: the issuer's answer in the fragment → POST the ID token → a session
 * like a login (`/`, or `/profile` on the Saudi site when not Nafath-verified), or the "prove
 * it's you" step when an account holds the e-mail without having proved it. The fragment is
 * read once and wiped from the address bar at once (`consumeGoogleCallback`).
 */
export function GoogleCallbackPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const navigate = useNavigate();
  const { language, site } = useShell();
  const { toast, withLoader } = useFeedback();
  const [callback] = useState(consumeGoogleCallback);
  const [failed, setFailed] = useState<string | null>(null);
  const [link, setLink] = useState<{ link: GoogleLinkRequired; message: string } | null>(null);
  const signIn = useMutation({
    mutationFn: (token: Extract<typeof callback, { kind: 'token' }>) => completeGoogleSignIn(token, language),
  });
  // The ID token is posted once, even when React runs the effect twice (StrictMode).
  const started = useRef(false);

  useEffect(() => forgetGoogleCallback(), []);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (callback.kind === 'cancelled') {
      navigate('/login', { replace: true });
      return;
    }
    if (callback.kind !== 'token') return;
    withLoader(signIn.mutateAsync(callback))
      .then(({ results, message }) => {
        if ('linkRequired' in results) setLink({ link: results, message });
        else completeLogin(results, site);
      })
      .catch((error: unknown) => {
        // A refusal that names a field (e.g. Google sign-up asked for an agent) says it there.
        const message =
          apiFieldErrors(error)[0]?.message ??
          (error instanceof ApiError && error.message ? error.message : t('shell.auth.google.failed'));
        setFailed(message);
        toast('danger', message);
      });
  });

  const problem = callback.kind === 'invalid' ? t('shell.auth.google.invalid') : failed;
  return (
    <AuthLayout testId="google-callback-page" title={t('shell.auth.google.title')}>
      {link ? (
        <Suspense
          fallback={
            <p className="auth__subtitle" data-testid="google-callback-wait">
              {t('shell.auth.google.wait')}
            </p>
          }
        >
          <GoogleLinkStep
            link={link.link}
            message={link.message}
            onSignedIn={(results) => completeLogin(results, site)}
          />
        </Suspense>
      ) : problem ? (
        <div className="auth__empty" data-testid="google-callback-error">
          <p role="alert">{problem}</p>
          <Link to="/login" className="auth__link">
            {t('shell.auth.backToLogin')}
          </Link>
        </div>
      ) : (
        <p className="auth__subtitle" data-testid="google-callback-wait">
          {t('shell.auth.google.wait')}
        </p>
      )}
    </AuthLayout>
  );
}
