import { Link, Route, Routes } from 'react-router';
import { useIntl } from 'react-intl';
import { LanguageProvider, PagePlaceholder, buttonClassName, type RemoteAppProps } from '@manzil/ui';
import { listingPagePath } from '@manzil/contracts';
import ar from './i18n/ar.json' with { type: 'json' };
import en from './i18n/en.json' with { type: 'json' };

const messages = { en, ar };

function AddPropertyPage({ language }: Pick<RemoteAppProps, 'language'>) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <PagePlaceholder
      testId="add-property-page"
      eyebrow={t('agentPortal.eyebrow')}
      title={t('agentPortal.add.title')}
      description={t('agentPortal.add.description')}
      upcoming={[
        t('agentPortal.add.step.basic'),
        t('agentPortal.add.step.address'),
        t('agentPortal.add.step.media'),
        t('agentPortal.add.step.documents'),
        t('agentPortal.add.step.licence'),
      ]}
      action={
        <Link className={buttonClassName('secondary')} to={listingPagePath('buy', language)}>
          {t('agentPortal.backHome')}
        </Link>
      }
    />
  );
}

function ManagePropertiesPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <PagePlaceholder
      testId="manage-properties-page"
      eyebrow={t('agentPortal.eyebrow')}
      title={t('agentPortal.manage.title')}
      description={t('agentPortal.manage.description')}
      upcoming={[
        t('agentPortal.manage.item.status'),
        t('agentPortal.manage.item.actions'),
        t('agentPortal.manage.item.stats'),
      ]}
      action={
        <Link className={buttonClassName('primary')} to="/addNewProperty">
          {t('agentPortal.add.title')}
        </Link>
      }
    />
  );
}

/** Property management for agents and companies, mounted by the shell. */
export default function App({ language, site }: RemoteAppProps) {
  return (
    <LanguageProvider language={language} messages={messages[language]} site={site}>
      <div className="mz-container">
        <Routes>
          <Route path="/addNewProperty" element={<AddPropertyPage language={language} />} />
          <Route path="/manage-properties" element={<ManagePropertiesPage />} />
        </Routes>
      </div>
    </LanguageProvider>
  );
}
