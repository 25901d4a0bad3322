import { NavLink, Route, Routes, useParams } from '@manzil/ui/router';
import { DeletionRequestsPage } from './accounts/deletion-requests-page.js';
import { CMS_KINDS, type Site } from '@manzil/contracts';
import { LanguageProvider, type RemoteAppProps } from '@manzil/ui';
import { AdminInfoEditor } from './cms/admin-info-editor.js';
import { KindEditor, isCmsKind } from './cms/kind-editor.js';
import { KindList } from './cms/kind-list.js';
import { MessagesPage } from './cms/messages-page.js';
import { useAdminText } from './cms/use-admin-text.js';
import { ModerationDetail } from './moderation/moderation-detail.js';
import { ModerationQueue } from './moderation/moderation-queue.js';
import { AuctionsPage } from './commerce/auctions-page.js';
import { PaymentsPage } from './commerce/payments-page.js';
import { PlansPage } from './commerce/plans-page.js';
import { ProjectDetail } from './projects/project-detail.js';
import { ProjectsPage } from './projects/projects-page.js';
import ar from './i18n/ar.json' with { type: 'json' };
import en from './i18n/en.json' with { type: 'json' };
import './admin.css';

const messages = { en, ar };

function KindRoute({ editor }: { editor?: boolean }) {
  const { kind } = useParams();
  if (!isCmsKind(kind)) return <AdminHome />;
  return editor ? <KindEditor key={kind} kind={kind} /> : <KindList key={kind} kind={kind} />;
}

function AdminHome() {
  const { t } = useAdminText();
  return (
    <section data-testid="admin-home-page">
      <div className="ad-head">
        <h1 className="ad-head__title">{t('admin.home.title')}</h1>
      </div>
      <p className="ad-lead">{t('admin.home.description')}</p>
      <ul className="ad-tiles">
        {[
          ['/admin/moderation', 'moderation.title'],
          ['/admin/projects', 'projects.title'],
          ...CMS_KINDS.map((kind) => [`/admin/content/${kind}`, `admin.kind.${kind}`]),
          ['/admin/admin-info', 'admin.kind.adminInfo'],
          ['/admin/messages', 'admin.kind.messages'],
          ['/admin/complaints', 'admin.kind.complaints'],
          ['/admin/deletion-requests', 'admin.kind.deletionRequests'],
          ['/admin/auctions', 'auctions.title'],
          ['/admin/plans', 'plans.title'],
          ['/admin/payments', 'payments.title'],
        ].map(([to, label]) => (
          <li key={to}>
            <NavLink className="ad-tile" to={to}>
              {t(label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

function AdminConsole({ site }: { site: Site }) {
  const { t } = useAdminText();
  const links: [string, string][] = [
    ['/admin/moderation', 'moderation.title'],
    ['/admin/projects', 'projects.title'],
    ...CMS_KINDS.map((kind): [string, string] => [`/admin/content/${kind}`, `admin.kind.${kind}`]),
    ['/admin/admin-info', 'admin.kind.adminInfo'],
    ['/admin/messages', 'admin.kind.messages'],
    ['/admin/complaints', 'admin.kind.complaints'],
    ['/admin/deletion-requests', 'admin.kind.deletionRequests'],
    ['/admin/auctions', 'auctions.title'],
    ['/admin/plans', 'plans.title'],
    ['/admin/payments', 'payments.title'],
  ];
  return (
    <div className="mz-container ad-console">
      <nav className="ad-nav" aria-label={t('admin.nav')}>
        <NavLink className="ad-nav__home" to="/admin" end>
          {t('admin.eyebrow')}
        </NavLink>
        {links.map(([to, label]) => (
          <NavLink key={to} className="ad-nav__link" to={to}>
            {t(label)}
          </NavLink>
        ))}
      </nav>
      <div className="ad-main">
        <Routes>
          <Route path="/admin" element={<AdminHome />} />
          <Route path="/admin/moderation" element={<ModerationQueue site={site} />} />
          <Route path="/admin/moderation/:id" element={<ModerationDetail site={site} />} />
          <Route path="/admin/projects" element={<ProjectsPage site={site} />} />
          <Route path="/admin/projects/:id" element={<ProjectDetail />} />
          <Route path="/admin/content/:kind" element={<KindRoute />} />
          <Route path="/admin/content/:kind/:id" element={<KindRoute editor />} />
          <Route path="/admin/admin-info" element={<AdminInfoEditor site={site} />} />
          <Route path="/admin/messages" element={<MessagesPage key="contact" box="contact" />} />
          <Route path="/admin/complaints" element={<MessagesPage key="complaints" box="complaints" />} />
          <Route path="/admin/deletion-requests" element={<DeletionRequestsPage />} />
          <Route path="/admin/auctions" element={<AuctionsPage site={site} />} />
          <Route path="/admin/plans" element={<PlansPage site={site} />} />
          <Route path="/admin/payments" element={<PaymentsPage site={site} />} />
          <Route path="/admin/*" element={<AdminHome />} />
        </Routes>
      </div>
    </div>
  );
}

/** The admin console (`/admin/*`), mounted by the shell for role admin. */
export default function App({ language, site }: RemoteAppProps) {
  return (
    <LanguageProvider language={language} messages={messages[language]} site={site}>
      <AdminConsole site={site} />
    </LanguageProvider>
  );
}
