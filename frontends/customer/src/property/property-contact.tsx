import { useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import type { PropertyDetail } from '@manzil/contracts';
import { Button, buttonClassName, contentQueries, useFeedback, useLanguage } from '@manzil/ui';

/**
 * The agent card: who lists the property, and call, WhatsApp and e-mail. The published listing
 * names its agent but carries no contact details (identity keeps them), so the lines reached
 * are the site's contact centre (content's admin info), and the message names the listing
 * and its reference so the team routes it to the agent.
 */
export function AgentCard({ listing, title }: { listing: PropertyDetail['listing']; title: string }) {
  const intl = useIntl();
  const language = useLanguage();
  const contact = useQuery(contentQueries.adminInfo(language));
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
      {info ? (
        <div className="cu-agent__actions">
          <a
            className={buttonClassName('primary')}
            href={`tel:${info.phonePrefix}${info.mobile}`}
            data-testid="agent-call"
          >
            {intl.formatMessage({ id: 'customer.property.call' })}
          </a>
          <a
            className={buttonClassName('secondary')}
            href={`https://wa.me/${info.whatsapp}?text=${encodeURIComponent(message)}`}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="agent-whatsapp"
          >
            {intl.formatMessage({ id: 'customer.property.whatsapp' })}
          </a>
          <a
            className={buttonClassName('secondary')}
            href={`mailto:${info.email}?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(message)}`}
            data-testid="agent-email"
          >
            {intl.formatMessage({ id: 'customer.property.email' })}
          </a>
        </div>
      ) : null}
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
