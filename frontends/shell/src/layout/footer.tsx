import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import {
  SITE_FACTS,
  listingPagePath,
  type Language,
  type ListingPage,
  type Role,
  type Site,
} from '@manzil/contracts';
import { Ltr } from '@manzil/ui';
import { Logo } from './logo.js';

/**
 * The contact line until the content service serves the admin info (spec §3 "Admin info":
 * mobile): the site's prefix (spec §9) and a placeholder number.
 */
const CONTACT_NUMBER: Record<Site, string> = { ae: '4 000 0000', sa: '11 000 0000' };

const DISCOVER: readonly [ListingPage, string][] = [
  ['buy', 'shell.footer.buy'],
  ['rent', 'shell.footer.rent'],
  ['commercial-buy', 'shell.footer.commercialBuy'],
  ['commercial-rent', 'shell.footer.commercialRent'],
];

export interface FooterProps {
  language: Language;
  site: Site;
  role: Role;
}

/** Spec §2 footer: Discover (visitors and customers), quick links, contact, copyright. */
export function Footer({ language, site, role }: FooterProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const quickLinks: readonly [string, string][] = [
    ['/aboutCompany', 'shell.footer.about'],
    ['/blog', 'shell.footer.blog'],
    ['/termsandCondition', 'shell.footer.terms'],
    ['/privacyPolicy', 'shell.footer.privacy'],
    [listingPagePath('faq', language), 'shell.footer.faq'],
    [listingPagePath('complaints-and-suggestions', language), 'shell.footer.complaints'],
    [listingPagePath('contact-us', language), 'shell.footer.contactUs'],
  ];
  const phone = `${SITE_FACTS[site].phonePrefix} ${CONTACT_NUMBER[site]}`;
  const year = new Date().getFullYear();
  return (
    <footer className="shell-footer" data-testid="site-footer">
      <div className="mz-container shell-footer__grid">
        <section className="shell-footer__brand">
          <Logo />
          <p>{t('shell.tagline')}</p>
        </section>
        {role === 'visitor' || role === 'user' ? (
          <section>
            <h2 className="shell-footer__title">{t('shell.footer.discover')}</h2>
            <ul className="shell-footer__links">
              {DISCOVER.map(([page, label]) => (
                <li key={page}>
                  <Link to={listingPagePath(page, language)}>{t(label)}</Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <section>
          <h2 className="shell-footer__title">{t('shell.footer.quickLinks')}</h2>
          <ul className="shell-footer__links">
            {quickLinks.map(([to, label]) => (
              <li key={label}>
                <Link to={to}>{t(label)}</Link>
              </li>
            ))}
          </ul>
        </section>
        <section>
          <h2 className="shell-footer__title">{t('shell.footer.contact')}</h2>
          <p className="shell-footer__phone">
            <span>{t('shell.footer.phone')}</span>{' '}
            <a href={`tel:${phone.replace(/\s/g, '')}`} data-testid="footer-phone">
              <Ltr>{phone}</Ltr>
            </a>
          </p>
        </section>
      </div>
      <div className="mz-container shell-footer__bottom">
        <p data-testid="copyright">
          {intl.formatMessage(
            { id: 'shell.footer.copyright' },
            { year: <Ltr key="year">{String(year)}</Ltr> },
          )}
        </p>
      </div>
    </footer>
  );
}
