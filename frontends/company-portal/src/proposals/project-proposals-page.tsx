import { useIntl } from 'react-intl';
import { COMPANY_PROPOSALS_ROUTE, type Language } from '@manzil/contracts';
import { useDocumentHead } from '@manzil/ui';
import { ProjectProposals } from '@manzil/ui/proposals';

/**
 * `/project-proposals` (issue 14): the company builds a project proposal from its own published
 * projects (the server allows no other), picks units of them if it likes, and shares the link
 * and its PDF; the same builder as the agent portal's.
 */
export function ProjectProposalsPage({ language }: { language: Language }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  useDocumentHead({
    language,
    title: t('companyPortal.proposals.title'),
    description: t('companyPortal.proposals.lead'),
    path: COMPANY_PROPOSALS_ROUTE,
  });
  return (
    <div className="cp-page" data-testid="company-project-proposals">
      <ProjectProposals
        language={language}
        title={t('companyPortal.proposals.title')}
        lead={t('companyPortal.proposals.lead')}
        headingLevel={1}
      />
    </div>
  );
}
