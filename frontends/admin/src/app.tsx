import { Route, Routes } from 'react-router';
import { useIntl } from 'react-intl';
import { LanguageProvider, PagePlaceholder, type RemoteAppProps } from '@manzil/ui';
import ar from './i18n/ar.json' with { type: 'json' };
import en from './i18n/en.json' with { type: 'json' };

const messages = { en, ar };

function AdminHomePage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <PagePlaceholder
      testId="admin-home-page"
      eyebrow={t('admin.eyebrow')}
      title={t('admin.home.title')}
      description={t('admin.home.description')}
      upcoming={[
        t('admin.home.item.approval'),
        t('admin.home.item.content'),
        t('admin.home.item.accounts'),
        t('admin.home.item.payments'),
      ]}
    />
  );
}

/** The admin area (`/admin/*`), mounted by the shell. */
export default function App({ language }: RemoteAppProps) {
  return (
    <LanguageProvider language={language} messages={messages[language]}>
      <div className="mz-container">
        <Routes>
          <Route path="/admin/*" element={<AdminHomePage />} />
        </Routes>
      </div>
    </LanguageProvider>
  );
}
