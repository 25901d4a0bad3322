import {
  Suspense,
  lazy,
  memo,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type ComponentProps,
  type ReactNode,
} from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from '@manzil/ui/router';
import {
  isHeaderlessRoute,
  isKnownRoute,
  isRouteAllowed,
  languageSchema,
  redirectFor,
  type Language,
  type Site,
  movedPath,
} from '@manzil/contracts';
import {
  FeedbackProvider,
  LanguageProvider,
  hasStaleToken,
  refreshSession,
  roleOf,
  Skeleton,
  useSession,
} from '@manzil/ui';
import { LoginPromptProvider } from './auth/feedback.js';
import { consumeGoogleCallback, GOOGLE_CALLBACK_PATH } from './auth/google-sign-in.js';
import { ShellContext } from './auth/shell-context.js';
import {
  languageChangeTarget,
  markLanguageChanged,
  useLanguageChangeReload,
} from './chrome/language-change.js';
import { MAIN_ID, RouteAnnouncer, SkipLink, useRouteFocus } from './chrome/page-focus.js';
import { useSiteConfig } from './config/site-config.js';
import {
  LANGUAGE_QUERY_PARAM,
  LANGUAGE_STORAGE_KEY,
  applyDocumentLanguage,
  initialLanguage,
  loadShellMessages,
  saveLanguage,
} from './i18n/language.js';
import { Footer } from './layout/footer.js';
import { Header } from './layout/header.js';
import { useScrollRestoration } from './navigation/scroll-restoration.js';
import { RemoteOutlet } from './remotes/remote-outlet.js';
import { remoteFor } from './remotes/registry.js';
import { siteFromHost } from './site/site.js';

/*
 * The shell's own pages (sign-in and its steps, the Google callback, the profile) are fetched
 * when first shown: the home and listing pages, most first visits, never need their code (nor
 * the sign-in screens' auth.css).
 */
const LoginPage = lazy(() => import('./auth/login-page.js').then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() => import('./auth/register-page.js').then((m) => ({ default: m.RegisterPage })));
const OtpVerifyPage = lazy(() =>
  import('./auth/otp-verify-page.js').then((m) => ({ default: m.OtpVerifyPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('./auth/forgot-password-page.js').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('./auth/reset-password-page.js').then((m) => ({ default: m.ResetPasswordPage })),
);
const NotificationsPage = lazy(() =>
  import('./notifications/notifications-page.js').then((m) => ({ default: m.NotificationsPage })),
);
const ProfilePage = lazy(() => import('./profile/profile-page.js').then((m) => ({ default: m.ProfilePage })));
const GoogleCallbackPage = lazy(() =>
  import('./auth/google-callback-page.js').then((m) => ({ default: m.GoogleCallbackPage })),
);

/**
 * `/auth/google/callback`: the issuer's answer is read (and wiped from the address bar) in this
 * route's first render, as when the page was not lazy, so nothing can tidy the address first
 * (the `?lang` clean-up drops the fragment); `consumeGoogleCallback` keeps it for the page, whose
 * chunk (with the sign-in screens' CSS) is fetched only here, not on every first load.
 */
function GoogleCallbackRoute() {
  useState(consumeGoogleCallback);
  return (
    <ShellPage>
      <GoogleCallbackPage />
    </ShellPage>
  );
}

/** A lazily loaded page of the shell, with the same placeholder as a loading remote. */
function ShellPage({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="mz-container shell-remote-loading" data-testid="page-loading">
          <Skeleton inlineSize="45%" blockSize="2rem" radius="md" />
          <Skeleton inlineSize="70%" />
          <Skeleton inlineSize="100%" blockSize="14rem" radius="lg" />
        </div>
      }
    >
      {children}
    </Suspense>
  );
}

/*
 * The parts that show the site's config (menus, footer links, the remote's props) read it
 * themselves: the config arrives after the first render (the site's facts stand in until then),
 * and its arrival re-renders only them, not the whole page with its routes.
 *
 * Memoized: the shell renders again for its own state (the session restored, the page focused
 * and announced, the scroll kept), and without memo each of those rendered the header, the
 * footer and the whole page of the remote again (each a long task of the first load, issue 10,
 * `scripts/bench/react-commits.ts`). Their props are strings and memoized objects; the router's
 * location and the other contexts still reach them.
 */
const ConfiguredHeader = memo(function ConfiguredHeader(
  props: Omit<ComponentProps<typeof Header>, 'config'>,
) {
  return <Header {...props} config={useSiteConfig(props.site, props.language)} />;
});

const ConfiguredFooter = memo(function ConfiguredFooter(
  props: Omit<ComponentProps<typeof Footer>, 'config'>,
) {
  return <Footer {...props} config={useSiteConfig(props.site, props.language)} />;
});

const ConfiguredOutlet = memo(function ConfiguredOutlet(
  props: Omit<ComponentProps<typeof RemoteOutlet>, 'config'>,
) {
  return <RemoteOutlet {...props} config={useSiteConfig(props.site, props.language)} />;
});

/** The language state: document attributes, messages, saving, other tabs, `?lang=`. */
function useLanguageState() {
  const [language, setLanguage] = useState<Language>(() => initialLanguage());
  const [messages, setMessages] = useState<{ language: Language; messages: Record<string, string> } | null>(
    null,
  );

  useLayoutEffect(() => applyDocumentLanguage(language), [language]);

  useEffect(() => {
    let current = true;
    loadShellMessages(language)
      // A transition: the whole page renders once the messages are in, in slices.
      .then((loaded) => current && startTransition(() => setMessages({ language, messages: loaded })))
      .catch((error: unknown) => console.error('shell: messages failed to load', error));
    return () => {
      current = false;
    };
  }, [language]);

  // Another tab changed the language: follow it (spec §4's "reload when visible", without the reload).
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== LANGUAGE_STORAGE_KEY) return;
      const next = languageSchema.safeParse(event.newValue);
      if (next.success) setLanguage(next.data);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const ready = messages?.language === language ? messages.messages : null;
  return { language, setLanguage, messages: ready };
}

/**
 * An access token that expired while the tab was closed: trade the refresh token before the
 * route guard decides (a blank cover meanwhile), so a logged-in user is not sent to /login.
 */
function useSessionRestore(language: Language): boolean {
  const [ready, setReady] = useState(() => !hasStaleToken());
  useEffect(() => {
    if (ready) return;
    void refreshSession(language).finally(() => startTransition(() => setReady(true)));
  }, [ready, language]);
  return ready;
}

export function ShellApp() {
  const location = useLocation();
  const navigate = useNavigate();
  const { language, setLanguage, messages } = useLanguageState();
  const site: Site = siteFromHost(window.location.host);
  const session = useSession();
  const sessionReady = useSessionRestore(language);
  const role = roleOf(session);
  useLanguageChangeReload();
  useScrollRestoration();

  // A language carried over from the other country's site: keep it, then tidy the URL.
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!params.has(LANGUAGE_QUERY_PARAM)) return;
    saveLanguage(language, location.pathname);
    params.delete(LANGUAGE_QUERY_PARAM);
    const search = params.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
  }, [language, location.pathname, location.search, navigate]);

  const changeLanguage = useCallback(
    (next: Language) => {
      saveLanguage(next, location.pathname);
      markLanguageChanged(next);
      // Read before re-rendering: the page's own alternate-language link (spec §4).
      const alternate = languageChangeTarget(location.pathname, next);
      setLanguage(next);
      if (alternate) {
        const target = new URL(alternate, window.location.origin);
        navigate({ pathname: target.pathname, search: target.search || location.search }, { replace: true });
      }
    },
    [location.pathname, location.search, navigate, setLanguage],
  );

  const shellContext = useMemo(() => ({ language, site, changeLanguage }), [language, site, changeLanguage]);

  const redirect = isKnownRoute(location.pathname) && !isRouteAllowed(role, location.pathname);
  // Focus and announce each page once it shows (not the covers, not a redirect on the way).
  const announcement = useRouteFocus(
    sessionReady && !redirect && messages ? `${language} ${location.pathname}` : null,
    language,
  );

  const moved = movedPath(location.pathname);
  if (moved) return <Navigate to={{ pathname: moved, search: location.search }} replace />;
  if (!sessionReady) return <div className="shell-cover" data-testid="session-cover" aria-busy="true" />;
  if (redirect) return <Navigate to={redirectFor(role)} replace />;
  // Spec §2: a blank white cover while the language's messages load.
  if (!messages) return <div className="shell-cover" data-testid="language-cover" aria-busy="true" />;

  const headerless = isHeaderlessRoute(location.pathname);
  const remoteProps = { language, site, session };
  return (
    <LanguageProvider language={language} messages={messages} site={site}>
      <ShellContext.Provider value={shellContext}>
        <FeedbackProvider language={language}>
          <LoginPromptProvider>
            <div className="shell-page">
              <SkipLink />
              {headerless ? null : (
                <ConfiguredHeader
                  language={language}
                  site={site}
                  session={session}
                  role={role}
                  pathname={location.pathname}
                  onLanguageChange={changeLanguage}
                />
              )}
              <main className="shell-main" id={MAIN_ID} tabIndex={-1}>
                <Routes>
                  <Route
                    path="/login"
                    element={
                      <ShellPage>
                        <LoginPage />
                      </ShellPage>
                    }
                  />
                  <Route
                    path="/register"
                    element={
                      <ShellPage>
                        <RegisterPage />
                      </ShellPage>
                    }
                  />
                  <Route
                    path="/otpVerify"
                    element={
                      <ShellPage>
                        <OtpVerifyPage />
                      </ShellPage>
                    }
                  />
                  <Route
                    path="/forgotPassword"
                    element={
                      <ShellPage>
                        <ForgotPasswordPage />
                      </ShellPage>
                    }
                  />
                  <Route
                    path="/resetPassword"
                    element={
                      <ShellPage>
                        <ResetPasswordPage />
                      </ShellPage>
                    }
                  />
                  <Route
                    path="/profile"
                    element={
                      <ShellPage>
                        <ProfilePage />
                      </ShellPage>
                    }
                  />
                  <Route
                    path="/notifications"
                    element={
                      <ShellPage>
                        <NotificationsPage />
                      </ShellPage>
                    }
                  />
                  <Route path={GOOGLE_CALLBACK_PATH} element={<GoogleCallbackRoute />} />
                  <Route
                    path="*"
                    element={<ConfiguredOutlet name={remoteFor(location.pathname)} {...remoteProps} />}
                  />
                </Routes>
              </main>
              {headerless ? null : <ConfiguredFooter language={language} site={site} role={role} />}
              <RouteAnnouncer message={announcement} />
            </div>
          </LoginPromptProvider>
        </FeedbackProvider>
      </ShellContext.Provider>
    </LanguageProvider>
  );
}
