import { useIntl } from 'react-intl';
import { useLocation } from '@manzil/ui/router';
import { useQuery } from '@tanstack/react-query';
import { listingPagePath, type Site } from '@manzil/contracts';
import { Ltr, contentQueries, useDocumentHead, useLanguage } from '@manzil/ui';
import { PageHeading } from './content-parts.js';
import { MessageForm } from './message-form.js';

function ContactDetails() {
  const intl = useIntl();
  const language = useLanguage();
  // The footer's read too (the shell's): the page asks for the admin info once.
  const { data: info } = useQuery(contentQueries.adminInfo(language));
  if (!info) return null;
  const phone = `${info.phonePrefix} ${info.mobile}`;
  return (
    <aside className="cu-contact__aside" data-testid="contact-details">
      <h2 className="cu-contact__aside-title">{intl.formatMessage({ id: 'customer.contact.reach' })}</h2>
      <dl className="cu-contact__list">
        <dt>{intl.formatMessage({ id: 'customer.form.email' })}</dt>
        <dd>
          <a href={`mailto:${info.email}`}>
            <Ltr>{info.email}</Ltr>
          </a>
        </dd>
        <dt>{intl.formatMessage({ id: 'customer.form.mobile' })}</dt>
        <dd>
          <a href={`tel:${phone.replace(/\s/g, '')}`}>
            <Ltr>{phone}</Ltr>
          </a>
        </dd>
        {info.addresses.map((address) => (
          <dd key={address} className="cu-contact__address">
            {address}
          </dd>
        ))}
      </dl>
    </aside>
  );
}

/** `/contact-us`, `/contactUsNew` and the Arabic path: the form beside the ways to reach us. */
export function ContactPage({ site }: { site: Site }) {
  const intl = useIntl();
  const language = useLanguage();
  const { pathname } = useLocation();
  const t = (id: string) => intl.formatMessage({ id });
  const isNew = pathname === '/contactUsNew';
  useDocumentHead({
    language,
    title: t('customer.contact.title'),
    description: t('customer.contact.lead'),
    path: isNew ? '/contactUsNew' : listingPagePath('contact-us', language),
    alternates: isNew
      ? undefined
      : { en: listingPagePath('contact-us', 'en'), ar: listingPagePath('contact-us', 'ar') },
  });
  return (
    <div className="mz-container cu-page" data-testid="contact-page">
      <PageHeading
        eyebrow={t('customer.contact.eyebrow')}
        title={t('customer.contact.title')}
        lead={t('customer.contact.lead')}
      />
      <div className="cu-contact">
        <section className="cu-card cu-contact__form">
          <MessageForm site={site} kind="contact" />
        </section>
        <ContactDetails />
      </div>
    </div>
  );
}

/** `/complaints-and-suggestions` and its Arabic path. */
export function ComplaintsPage({ site }: { site: Site }) {
  const intl = useIntl();
  const language = useLanguage();
  const t = (id: string) => intl.formatMessage({ id });
  const path = (lang: 'en' | 'ar') => listingPagePath('complaints-and-suggestions', lang);
  useDocumentHead({
    language,
    title: t('customer.complaints.title'),
    description: t('customer.complaints.lead'),
    path: path(language),
    alternates: { en: path('en'), ar: path('ar') },
  });
  return (
    <div className="mz-container cu-page cu-page--narrow" data-testid="complaints-page">
      <PageHeading title={t('customer.complaints.title')} lead={t('customer.complaints.lead')} />
      <section className="cu-card">
        <MessageForm site={site} kind="complaint" />
      </section>
    </div>
  );
}
