import { Link, Route, Routes } from 'react-router';
import { useIntl } from 'react-intl';
import { LanguageProvider, PagePlaceholder, buttonClassName, type RemoteAppProps } from '@manzil/ui';
import ar from './i18n/ar.json' with { type: 'json' };
import en from './i18n/en.json' with { type: 'json' };

const messages = { en, ar };

function MyAgentsPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <PagePlaceholder
      testId="my-agents-page"
      eyebrow={t('companyPortal.eyebrow')}
      title={t('companyPortal.agents.title')}
      description={t('companyPortal.agents.description')}
      upcoming={[
        t('companyPortal.agents.item.list'),
        t('companyPortal.agents.item.status'),
        t('companyPortal.agents.item.plan'),
      ]}
      action={
        <Link className={buttonClassName('primary')} to="/addAgent">
          {t('companyPortal.add.title')}
        </Link>
      }
    />
  );
}

function AddAgentPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <PagePlaceholder
      testId="add-agent-page"
      eyebrow={t('companyPortal.eyebrow')}
      title={t('companyPortal.add.title')}
      description={t('companyPortal.add.description')}
      upcoming={[
        t('companyPortal.add.item.details'),
        t('companyPortal.add.item.licence'),
        t('companyPortal.add.item.photo'),
      ]}
      action={
        <Link className={buttonClassName('secondary')} to="/myAgents">
          {t('companyPortal.toAgents')}
        </Link>
      }
    />
  );
}

/** A company's own screens (its agents), mounted by the shell. */
export default function App({ language }: RemoteAppProps) {
  return (
    <LanguageProvider language={language} messages={messages[language]}>
      <div className="mz-container">
        <Routes>
          <Route path="/myAgents" element={<MyAgentsPage />} />
          <Route path="/addAgent" element={<AddAgentPage />} />
        </Routes>
      </div>
    </LanguageProvider>
  );
}
