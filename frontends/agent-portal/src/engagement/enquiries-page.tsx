import { useIntl } from 'react-intl';
import { Link } from '@manzil/ui/router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ENGAGEMENT_API,
  ENQUIRY_TYPE_LABELS,
  enquirySchema,
  type Enquiry,
  type Language,
} from '@manzil/contracts';
import { Ltr, SiteDate, buttonClassName, useFeedback, refetchAfterWrite } from '@manzil/ui';
import { listingsFetch } from '../listings/listings-api.js';
import { engagementKeys, enquiriesQuery } from './engagement-api.js';
import { EngagementListPage } from './engagement-layout.js';

function EnquiryRow({ enquiry, language }: { enquiry: Enquiry; language: Language }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const client = useQueryClient();
  const { toast } = useFeedback();
  const responded = useMutation({
    mutationFn: () =>
      listingsFetch(ENGAGEMENT_API.responded(enquiry.id), {
        language,
        method: 'POST',
        results: enquirySchema,
      }),
    onSuccess: () => void refetchAfterWrite(client, engagementKeys.all),
    onError: () => toast('danger', t('agentPortal.error')),
  });
  const title = enquiry.property.title[language] || enquiry.property.title.en;
  const digits = enquiry.phone.replace(/\D/g, '');
  return (
    <li className="ap-enquiry" data-testid="enquiry-row" data-responded={enquiry.respondedAt ? 'yes' : 'no'}>
      <div className="ap-enquiry__head">
        <span className="ap-badge" data-testid="enquiry-row-type">
          {ENQUIRY_TYPE_LABELS[enquiry.type][language]}
        </span>
        <span className="ap-muted">
          <SiteDate date={enquiry.createdAt} />
        </span>
        {enquiry.respondedAt ? (
          <span className="ap-badge ap-badge--accepted">{t('agentPortal.enquiries.responded')}</span>
        ) : (
          <span className="ap-badge ap-badge--pending">{t('agentPortal.enquiries.waiting')}</span>
        )}
      </div>
      <p className="ap-enquiry__who">
        <strong dir="auto" data-testid="enquiry-row-name">
          {enquiry.name}
        </strong>{' '}
        · <Link to={`/property/${enquiry.property.slug}`}>{title}</Link>
      </p>
      {enquiry.message ? (
        <p className="ap-enquiry__message" dir="auto">
          {enquiry.message}
        </p>
      ) : null}
      <div className="ap-enquiry__actions">
        <a className={buttonClassName('secondary', 'sm')} href={`tel:${enquiry.phone}`}>
          {t('agentPortal.enquiries.call')} <Ltr>{enquiry.phone}</Ltr>
        </a>
        <a
          className={buttonClassName('secondary', 'sm')}
          href={`https://wa.me/${digits}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('agentPortal.enquiries.whatsapp')}
        </a>
        <a className={buttonClassName('secondary', 'sm')} href={`mailto:${enquiry.email}`}>
          {t('agentPortal.enquiries.email')}
        </a>
        {enquiry.respondedAt ? null : (
          <button
            type="button"
            className={buttonClassName('primary', 'sm')}
            disabled={responded.isPending}
            data-testid="enquiry-mark-responded"
            onClick={() => responded.mutate()}
          >
            {t('agentPortal.enquiries.markResponded')}
          </button>
        )}
      </div>
    </li>
  );
}

/**
 * `/enquiries` (issue 14): what customers sent from the agent card of the caller's listings (a
 * company: its agents'), newest first, paginated. Marking one responded measures the agent's
 * response time, which decides the "typically responds within 5 minutes" line.
 */
export function EnquiriesPage({ language }: { language: Language }) {
  const intl = useIntl();
  return (
    <EngagementListPage
      name="enquiries"
      query={(page) => enquiriesQuery(language, page)}
      subtitle={(loaded) =>
        loaded
          ? intl.formatMessage({ id: 'agentPortal.enquiries.count' }, { count: loaded.total })
          : undefined
      }
    >
      {(enquiry) => <EnquiryRow key={enquiry.id} enquiry={enquiry} language={language} />}
    </EngagementListPage>
  );
}
