import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ENGAGEMENT_API,
  ENQUIRY_TYPE_LABELS,
  enquirySchema,
  type Enquiry,
  type Language,
} from '@manzil/contracts';
import { EmptyState, ErrorFallback, Ltr, SiteDate, Skeleton, buttonClassName, useFeedback } from '@manzil/ui';
import { listingsFetch } from '../listings/listings-api.js';
import { ENGAGEMENT_PER_PAGE, engagementKeys, enquiriesQuery } from './engagement-api.js';
import { Pager, usePageParam } from './pager.js';

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
    onSuccess: () => void client.invalidateQueries({ queryKey: engagementKeys.all }),
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
  const t = (id: string, values?: Record<string, number>) => intl.formatMessage({ id }, values);
  const [page, goTo] = usePageParam();
  const list = useQuery({ ...enquiriesQuery(language, page), placeholderData: keepPreviousData });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / ENGAGEMENT_PER_PAGE)) : 1;
  return (
    <div className="ap-page" data-testid="enquiries-page">
      <header className="mz-page-head">
        <div>
          <p className="mz-eyebrow">{t('agentPortal.eyebrow')}</p>
          <h1 className="mz-page-title">{t('agentPortal.enquiries.title')}</h1>
          {list.data ? (
            <p className="mz-page-subtitle">{t('agentPortal.enquiries.count', { count: list.data.total })}</p>
          ) : null}
        </div>
      </header>
      {list.isPending ? (
        <Skeleton blockSize="240px" radius="lg" />
      ) : list.isError ? (
        <ErrorFallback onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState
          title={t('agentPortal.enquiries.emptyTitle')}
          description={t('agentPortal.enquiries.emptyText')}
        />
      ) : (
        <>
          <ul className="ap-enquiries">
            {list.data.items.map((enquiry) => (
              <EnquiryRow key={enquiry.id} enquiry={enquiry} language={language} />
            ))}
          </ul>
          <Pager page={page} pages={pages} onPage={goTo} />
        </>
      )}
    </div>
  );
}
