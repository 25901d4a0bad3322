import { useIntl } from 'react-intl';
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  DIRECTORY_API,
  ENGAGEMENT_API,
  agentResponseSchema,
  publicAgentSchema,
  type Language,
  type PropertyDetail,
} from '@manzil/contracts';
import { Button, apiQueryFn, buttonClassName, contentQueries, useFeedback, useLanguage } from '@manzil/ui';
import { EnquiryForm } from './enquiry-form.js';

/** The listing's agent as identity's directory shows them: their own phone and WhatsApp. */
const agentContactQuery = (language: Language, agentId: string) =>
  queryOptions({
    queryKey: ['directory', 'agent-by-id', { language, agentId }],
    queryFn: apiQueryFn(`/api/identity${DIRECTORY_API.agentById(agentId)}`, {
      language,
      results: publicAgentSchema,
    }),
    retry: false,
    staleTime: 5 * 60_000,
  });

/** Whether the agent's measured median response supports "typically responds within 5 minutes". */
const agentResponseQuery = (language: Language, propertyId: string) =>
  queryOptions({
    queryKey: ['listings', 'agent-response', { language, propertyId }],
    queryFn: apiQueryFn(`/api/listings${ENGAGEMENT_API.agentResponse(propertyId)}`, {
      language,
      results: agentResponseSchema,
    }),
    retry: false,
    staleTime: 5 * 60_000,
  });

/**
 * The agent card: who lists the property, call, WhatsApp and e-mail, the response claim and the
 * enquiry form. The published listing names its agent's id; identity's directory gives the
 * agent's own phone (call, and WhatsApp when they take it there). Without one (a company's
 * listing with no agent, an agent the directory does not show) the lines reached are the site's
 * contact centre (content's admin info), and the message names the listing and its reference
 * so the team routes it to the agent. "Typically responds within 5 minutes" (spec §9) is shown
 * only when the agent's measured median response time supports it.
 */
export function AgentCard({
  listing,
  title,
  site,
}: {
  listing: PropertyDetail['listing'];
  title: string;
  site: 'ae' | 'sa';
}) {
  const intl = useIntl();
  const language = useLanguage();
  const contact = useQuery(contentQueries.adminInfo(language));
  const agentId = listing.agent.id;
  const agent = useQuery({ ...agentContactQuery(language, agentId ?? ''), enabled: Boolean(agentId) });
  const response = useQuery(agentResponseQuery(language, listing.id));
  const agentPhone = agent.data?.phone ?? null;
  const reference = listing.referenceNumber ?? listing.slug;
  const message = intl.formatMessage(
    { id: 'customer.property.contactMessage' },
    { title, reference, url: typeof window === 'undefined' ? '' : window.location.href },
  );
  const name =
    (language === 'ar' && listing.agent.nameAr) ||
    listing.agent.name ||
    intl.formatMessage({ id: 'customer.property.agentUnnamed' });
  const info = contact.data;
  const phone = agentPhone ?? (info ? `${info.phonePrefix}${info.mobile}` : null);
  const whatsapp = agentPhone
    ? agent.data?.whatsapp
      ? agentPhone.replace(/\D/g, '')
      : null
    : (info?.whatsapp ?? null);
  const email = agent.data?.email ?? info?.email ?? null;
  return (
    <section className="cu-card cu-agent" data-testid="agent-card" aria-labelledby="agent-card">
      <h2 id="agent-card" className="mz-visually-hidden">
        {intl.formatMessage({ id: 'customer.property.agent' })}
      </h2>
      <p className="cu-agent__who">
        <span className="mz-avatar" aria-hidden="true">
          {name.trim().charAt(0).toUpperCase()}
        </span>
        <span>
          <strong data-testid="agent-name">{name}</strong>
          <span className="cu-agent__role">{intl.formatMessage({ id: 'customer.property.agent' })}</span>
        </span>
      </p>
      {response.data?.respondsFast ? (
        <p className="cu-agent__fast" data-testid="agent-responds-fast">
          {intl.formatMessage({ id: 'customer.enquiry.respondsFast' })}
        </p>
      ) : null}
      <div className="cu-agent__actions">
        {phone ? (
          <a className={buttonClassName('secondary')} href={`tel:${phone}`} data-testid="agent-call">
            {intl.formatMessage({ id: 'customer.property.call' })}
          </a>
        ) : null}
        {whatsapp ? (
          <a
            className={buttonClassName('secondary')}
            href={`https://wa.me/${whatsapp}?text=${encodeURIComponent(message)}`}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="agent-whatsapp"
          >
            {intl.formatMessage({ id: 'customer.property.whatsapp' })}
          </a>
        ) : null}
        {email ? (
          <a
            className={buttonClassName('secondary')}
            href={`mailto:${email}?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(message)}`}
            data-testid="agent-email"
          >
            {intl.formatMessage({ id: 'customer.property.email' })}
          </a>
        ) : null}
        <EnquiryForm propertyId={listing.id} site={site} />
      </div>
    </section>
  );
}

/** Share: the system's share sheet where there is one, else the link copied, said by a toast. */
export function ShareButton({ title }: { title: string }) {
  const intl = useIntl();
  const { toast } = useFeedback();
  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch {
        // Cancelled or refused: fall through to copying the link.
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast('success', intl.formatMessage({ id: 'customer.property.linkCopied' }));
    } catch {
      toast('danger', intl.formatMessage({ id: 'customer.property.shareFailed' }));
    }
  };
  return (
    <Button variant="secondary" onClick={() => void share()} data-testid="share">
      {intl.formatMessage({ id: 'customer.property.share' })}
    </Button>
  );
}
