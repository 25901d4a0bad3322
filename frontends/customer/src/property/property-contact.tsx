import { useIntl } from 'react-intl';
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  ACTIVITY_REPORTS_API,
  ENGAGEMENT_API,
  type ContactClickKind,
  agentResponseSchema,
  type AgentContact,
  type Language,
  type PropertyDetail,
} from '@manzil/contracts';
import {
  Button,
  apiQueryFn,
  buttonClassName,
  contentQueries,
  sendBeacon,
  useFeedback,
  useLanguage,
  useRequireLogin,
} from '@manzil/ui';
import { EnquiryForm } from './enquiry-form.js';

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
 * The agent card: who lists the property, and call, WhatsApp and e-mail. The agent's own lines
 * come with the detail (`agentContact`: search keeps what identity's `identity.agent.contact`
 * events say of a listed agent); an agent search knows no contact of reaches the site's contact
 * centre (content's admin info) instead, the message naming the listing and its reference so
 * the team routes it. Spec §6: contacting an agent needs a login, so each button asks for one
 * first (the login prompt) when nobody is signed in. "Typically responds within 5 minutes"
 * (spec §9) is shown only when the agent's measured median response time supports it; the
 * enquiry form sends one of the five enquiry types to the agent.
 */
export function AgentCard({
  listing,
  title,
  site,
  contact,
}: {
  listing: PropertyDetail['listing'];
  title: string;
  site: 'ae' | 'sa';
  contact?: AgentContact | null;
}) {
  const intl = useIntl();
  const language = useLanguage();
  const requireLogin = useRequireLogin();
  const centre = useQuery({ ...contentQueries.adminInfo(language), enabled: !contact });
  const response = useQuery(agentResponseQuery(language, listing.id));
  const reference = listing.referenceNumber ?? listing.slug;
  const message = intl.formatMessage(
    { id: 'customer.property.contactMessage' },
    { title, reference, url: typeof window === 'undefined' ? '' : window.location.href },
  );
  const name =
    (language === 'ar' && listing.agent.nameAr) ||
    listing.agent.name ||
    intl.formatMessage({ id: 'customer.property.agentUnnamed' });
  // The agent's company in the page's language (identity.company.profile; absent: none shown).
  const company = listing.company;
  const companyName = (language === 'ar' && company?.nameAr) || company?.name;
  const info = centre.data;
  const lines = contact
    ? { phone: contact.phone, whatsapp: contact.whatsapp, email: contact.email }
    : info
      ? { phone: `${info.phonePrefix}${info.mobile}`, whatsapp: info.whatsapp, email: info.email }
      : null;
  const guard = (event: React.MouseEvent) => {
    if (!requireLogin('contact')) event.preventDefault();
  };
  // A call or WhatsApp click that goes through is a lead of the listing (the reports tab).
  const lead = (kind: ContactClickKind) => (event: React.MouseEvent) => {
    if (!requireLogin('contact')) {
      event.preventDefault();
      return;
    }
    sendBeacon(`/api/listings${ACTIVITY_REPORTS_API.contactClick(listing.id)}`, { kind });
  };
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
          {companyName ? (
            <span className="cu-agent__role" data-testid="agent-company">
              <bdi>{companyName}</bdi>
            </span>
          ) : null}
        </span>
      </p>
      {response.data?.respondsFast ? (
        <p className="cu-agent__fast" data-testid="agent-responds-fast">
          {intl.formatMessage({ id: 'customer.enquiry.respondsFast' })}
        </p>
      ) : null}
      {lines ? (
        <div className="cu-agent__actions" data-contact={contact ? 'agent' : 'centre'}>
          {lines.phone ? (
            <a
              className={buttonClassName('primary')}
              href={`tel:${lines.phone}`}
              onClick={lead('call')}
              data-testid="agent-call"
            >
              {intl.formatMessage({ id: 'customer.property.call' })}
            </a>
          ) : null}
          {lines.whatsapp ? (
            <a
              className={buttonClassName('secondary')}
              href={`https://wa.me/${lines.whatsapp}?text=${encodeURIComponent(message)}`}
              target="_blank"
              rel="noopener noreferrer"
              onClick={lead('whatsapp')}
              data-testid="agent-whatsapp"
            >
              {intl.formatMessage({ id: 'customer.property.whatsapp' })}
            </a>
          ) : null}
          {lines.email ? (
            <a
              className={buttonClassName('secondary')}
              href={`mailto:${lines.email}?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(message)}`}
              onClick={guard}
              data-testid="agent-email"
            >
              {intl.formatMessage({ id: 'customer.property.email' })}
            </a>
          ) : null}
        </div>
      ) : null}
      <div className="cu-agent__actions">
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
