import { useIntl } from 'react-intl';
import type { Language, Requirement } from '@manzil/contracts';
import { Ltr, SiteDate, buttonClassName } from '@manzil/ui';
import { requirementsQuery } from './engagement-api.js';
import { EngagementListPage } from './engagement-layout.js';

function RequirementRow({ requirement, language }: { requirement: Requirement; language: Language }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const number = new Intl.NumberFormat(language === 'ar' ? 'ar-AE-u-nu-latn' : 'en-AE', {
    maximumFractionDigits: 2,
  });
  return (
    <li className="ap-enquiry" data-testid="requirement-row">
      <div className="ap-enquiry__head">
        <span className="ap-badge">
          {t(`agentPortal.requirements.requestTypes.${requirement.requestType}`)}
        </span>
        <span className="ap-badge">{t(`agentPortal.kind.${requirement.propertyKind}`)}</span>
        <span className="ap-muted">
          <SiteDate date={requirement.createdAt} />
        </span>
      </div>
      <p className="ap-enquiry__who">
        <strong dir="auto">{requirement.name}</strong> ·{' '}
        {requirement.subLocation ? `${requirement.subLocation}${t('agentPortal.comma')}` : ''}
        {requirement.city.name[language]}
      </p>
      <p data-testid="requirement-row-budget">
        {t('agentPortal.requirements.budget')}{' '}
        <Ltr>
          {number.format(requirement.budgetMin)} – {number.format(requirement.budgetMax)}
        </Ltr>
        {requirement.userType ? ` · ${t(`agentPortal.requirements.userTypes.${requirement.userType}`)}` : ''}
        {requirement.finance ? ` · ${t(`agentPortal.requirements.finance.${requirement.finance}`)}` : ''}
      </p>
      {requirement.agreementStatus ? (
        <p data-testid="requirement-row-agreement">
          {t(`agentPortal.requirements.agreementStatuses.${requirement.agreementStatus}`)}
        </p>
      ) : null}
      {requirement.description ? (
        <p className="ap-enquiry__message" dir="auto">
          {requirement.description}
        </p>
      ) : null}
      <div className="ap-enquiry__actions">
        <a className={buttonClassName('secondary', 'sm')} href={`tel:${requirement.phone}`}>
          {t('agentPortal.enquiries.call')} <Ltr>{requirement.phone}</Ltr>
        </a>
        <a className={buttonClassName('secondary', 'sm')} href={`mailto:${requirement.email}`}>
          {t('agentPortal.enquiries.email')}
        </a>
      </div>
    </li>
  );
}

/**
 * `/requirements` (issue 14): customers' open requests that match one of the caller's listings
 * (same site, city, listing type and property type), newest first, paginated.
 */
export function RequirementsPage({ language }: { language: Language }) {
  const intl = useIntl();
  return (
    <EngagementListPage
      name="requirements"
      query={(page) => requirementsQuery(language, page)}
      subtitle={() => intl.formatMessage({ id: 'agentPortal.requirements.lead' })}
    >
      {(requirement) => <RequirementRow key={requirement.id} requirement={requirement} language={language} />}
    </EngagementListPage>
  );
}
