import { Route, Routes } from '@manzil/ui/router';
import { LanguageProvider, type RemoteAppProps } from '@manzil/ui';
import { EnquiriesPage } from './engagement/enquiries-page.js';
import { PresentationsPage } from './engagement/presentations-page.js';
import { RequirementsPage } from './engagement/requirements-page.js';
import { ManagePropertiesPage } from './manage/manage-properties-page.js';
import { WizardPage } from './wizard/wizard-page.js';
import ar from './i18n/ar.json' with { type: 'json' };
import en from './i18n/en.json' with { type: 'json' };
import './agent-portal.css';

const messages = { en, ar };

/**
 * Property management for agents and companies (spec §2), mounted by the shell: the add/edit
 * wizard and the owner's listings. Toasts and the confirm dialog are the shell's.
 */
export default function App({ language, site, session }: RemoteAppProps) {
  return (
    <LanguageProvider language={language} messages={messages[language]} site={site}>
      <div className="mz-container">
        <Routes>
          <Route
            path="/addNewProperty"
            element={<WizardPage language={language} site={site} session={session} />}
          />
          <Route
            path="/manage-properties"
            element={<ManagePropertiesPage language={language} session={session} />}
          />
          <Route path="/enquiries" element={<EnquiriesPage language={language} />} />
          <Route path="/requirements" element={<RequirementsPage language={language} />} />
          <Route path="/presentations" element={<PresentationsPage language={language} />} />
        </Routes>
      </div>
    </LanguageProvider>
  );
}
