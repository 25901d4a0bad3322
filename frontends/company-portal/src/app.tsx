import { Route, Routes } from '@manzil/ui/router';
import { LanguageProvider, type RemoteAppProps } from '@manzil/ui';
import { AgentFormPage } from './agents/agent-form-page.js';
import { MyAgentsPage } from './agents/my-agents-page.js';
import { MyProjectsPage } from './projects/my-projects-page.js';
import { ProjectProposalsPage } from './proposals/project-proposals-page.js';
import ar from './i18n/ar.json' with { type: 'json' };
import en from './i18n/en.json' with { type: 'json' };
import './company-portal.css';

const messages = { en, ar };

/**
 * A company's own screens (its agents, its new projects and their proposals), mounted by the shell. Toasts and the confirm dialog
 * are the shell's (`useFeedback`, through the shared `@manzil/ui`): one toast on screen at a
 * time, whichever app shows it.
 */
export default function App({ language, site }: RemoteAppProps) {
  return (
    <LanguageProvider language={language} messages={messages[language]} site={site}>
      <div className="mz-container">
        <Routes>
          <Route path="/myAgents" element={<MyAgentsPage language={language} />} />
          <Route path="/addAgent" element={<AgentFormPage language={language} site={site} />} />
          <Route path="/myProjects" element={<MyProjectsPage language={language} />} />
          <Route path="/project-proposals" element={<ProjectProposalsPage language={language} />} />
        </Routes>
      </div>
    </LanguageProvider>
  );
}
