import { useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import {
  alternateLanguagePath,
  isHeaderlessRoute,
  isRouteAllowed,
  languageSchema,
  redirectFor,
  type Language,
  type Site,
} from '@manzil/contracts';
import { LanguageProvider, readSession, roleOf } from '@manzil/ui';
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
import { AUTH_SCREENS, AuthPlaceholderPage } from './pages/auth-placeholder-page.js';
import { RemoteOutlet } from './remotes/remote-outlet.js';
import { remoteFor } from './remotes/registry.js';
import { siteFromHost, siteUrl } from './site/site.js';

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
      .then((loaded) => current && setMessages({ language, messages: loaded }))
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

export function ShellApp() {
  const location = useLocation();
  const navigate = useNavigate();
  const { language, setLanguage, messages } = useLanguageState();
  const site: Site = siteFromHost(window.location.host);
  const session = useMemo(() => readSession(), []);
  const role = roleOf(session);
  const config = useSiteConfig(site, language);

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
      setLanguage(next);
      const alternate = alternateLanguagePath(location.pathname, next);
      if (alternate) navigate({ pathname: alternate, search: location.search }, { replace: true });
    },
    [location.pathname, location.search, navigate, setLanguage],
  );

  const changeSite = useCallback(
    (target: Site) => {
      if (target !== site) window.location.assign(siteUrl(target, window.location, language));
    },
    [site, language],
  );

  if (!isRouteAllowed(role, location.pathname)) {
    return <Navigate to={redirectFor(role)} replace />;
  }
  // Spec §2: a blank white cover while the language's messages load.
  if (!messages) return <div className="shell-cover" data-testid="language-cover" aria-busy="true" />;

  const headerless = isHeaderlessRoute(location.pathname);
  const remoteProps = { language, site, config, session };
  return (
    <LanguageProvider language={language} messages={messages}>
      <div className="shell-page">
        {headerless ? null : (
          <Header
            language={language}
            site={site}
            config={config}
            session={session}
            pathname={location.pathname}
            onLanguageChange={changeLanguage}
            onSiteChange={changeSite}
          />
        )}
        <main className="shell-main" id="main">
          <Routes>
            {AUTH_SCREENS.map((screen) => (
              <Route
                key={screen}
                path={`/${screen}`}
                element={<AuthPlaceholderPage screen={screen} language={language} />}
              />
            ))}
            <Route path="*" element={<RemoteOutlet name={remoteFor(location.pathname)} {...remoteProps} />} />
          </Routes>
        </main>
        {headerless ? null : <Footer language={language} site={site} role={role} />}
      </div>
    </LanguageProvider>
  );
}
