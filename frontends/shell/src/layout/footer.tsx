import { useIntl } from 'react-intl';
import { Link } from '@manzil/ui/router';
import { useQuery } from '@tanstack/react-query';
import {
  listingPagePath,
  type AdminInfo,
  type Language,
  type Role,
  type Site,
  type SiteConfig,
} from '@manzil/contracts';
import { Ltr, SafeImage, contentQueries } from '@manzil/ui';
import { MailIcon, PhoneIcon, SOCIAL_ICONS } from '../chrome/chrome-icons.js';
import { FloatingContact } from '../chrome/floating-contact.js';
import {
  discoverLinks,
  popularSearchLinks,
  quickLinks,
  showsDiscover,
  type FooterLink,
} from '../chrome/footer-links.js';
import { Logo } from './logo.js';
import '../chrome/chrome.css';

const SOCIAL_KEYS = ['facebookUrl', 'linkedinUrl', 'twitterUrl', 'youtubeUrl', 'instgramUrl'] as const;

export interface FooterProps {
  language: Language;
  site: Site;
  role: Role;
  config: SiteConfig;
}

function LinkList({ links, testId }: { links: FooterLink[]; testId: string }) {
  const intl = useIntl();
  return (
    <ul className="shell-footer__links" data-testid={testId}>
      {links.map((link) => (
        <li key={link.key}>
          <Link to={link.to} data-testid={`footer-link-${link.key}`}>
            {intl.formatMessage({ id: link.labelId }, link.values)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

const phoneOf = (info: AdminInfo): string => `${info.phonePrefix} ${info.mobile}`;

/**
 * Spec §2 footer: Discover and popular searches (visitors and customers; only active property
 * types), quick links, contact email and phone, addresses, social links, the Saudi app block
 * and licence certificate, the copyright with the current year, the floating WhatsApp and call.
 */
export function Footer({ language, site, role, config }: FooterProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  // The same read as the contact page's: one request when both are on screen.
  const { data: info } = useQuery(contentQueries.adminInfo(language));
  // Only the admin's own numbers are shown or dialled; without them, the contact form.
  const phone = info ? phoneOf(info) : null;
  const year = new Date().getFullYear();
  const discover = showsDiscover(role) ? discoverLinks(config, site, language) : [];
  const popular = showsDiscover(role) ? popularSearchLinks(config, site, language) : [];
  const socials = SOCIAL_KEYS.filter((key) => info?.[key]);
  const saudiApps = site === 'sa' && info && (info.appStoreUrl || info.playStoreUrl);
  return (
    <footer className="shell-footer" data-testid="site-footer">
      <div
        className={`mz-container shell-footer__grid${discover.length > 0 ? ' shell-footer__grid--wide' : ''}`}
      >
        <section className="shell-footer__brand">
          <Logo />
          <p>{t('shell.tagline')}</p>
          {socials.length > 0 ? (
            <ul className="shell-footer__social" data-testid="footer-social">
              {socials.map((key) => {
                const Icon = SOCIAL_ICONS[key];
                return (
                  <li key={key}>
                    <a
                      href={info?.[key] ?? ''}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={t(`shell.footer.social.${key}`)}
                    >
                      <Icon />
                    </a>
                  </li>
                );
              })}
            </ul>
          ) : null}
        </section>
        {discover.length > 0 ? (
          <section data-testid="footer-discover">
            <h2 className="shell-footer__title">{t('shell.footer.discover')}</h2>
            <LinkList links={discover} testId="footer-discover-links" />
          </section>
        ) : null}
        {popular.length > 0 ? (
          <section data-testid="footer-popular">
            <h2 className="shell-footer__title">{t('shell.footer.popular')}</h2>
            <LinkList links={popular} testId="footer-popular-links" />
          </section>
        ) : null}
        <section>
          <h2 className="shell-footer__title">{t('shell.footer.quickLinks')}</h2>
          <LinkList links={quickLinks(language)} testId="footer-quick-links" />
        </section>
        <section data-testid="footer-contact">
          <h2 className="shell-footer__title">{t('shell.footer.contact')}</h2>
          <ul className="shell-footer__links shell-footer__contact">
            {info?.email ? (
              <li>
                <MailIcon />
                <a href={`mailto:${info.email}`} data-testid="footer-email">
                  <Ltr>{info.email}</Ltr>
                </a>
              </li>
            ) : null}
            {phone ? (
              <li>
                <PhoneIcon />
                <a href={`tel:${phone.replace(/\s/g, '')}`} data-testid="footer-phone">
                  <Ltr>{phone}</Ltr>
                </a>
              </li>
            ) : (
              <li>
                <MailIcon />
                <Link to={listingPagePath('contact-us', language)} data-testid="footer-contact-link">
                  {t('shell.footer.contactForm')}
                </Link>
              </li>
            )}
          </ul>
          {info && info.addresses.length > 0 ? (
            <ul className="shell-footer__addresses" data-testid="footer-addresses">
              {info.addresses.map((address) => (
                <li key={address}>{address}</li>
              ))}
            </ul>
          ) : null}
          {saudiApps ? (
            <div className="shell-footer__apps" data-testid="footer-apps">
              <h3 className="shell-footer__subtitle">{t('shell.footer.apps')}</h3>
              <div className="shell-footer__app-links">
                {info.appStoreUrl ? (
                  <a
                    className="shell-footer__app"
                    href={info.appStoreUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {t('shell.footer.appStore')}
                  </a>
                ) : null}
                {info.playStoreUrl ? (
                  <a
                    className="shell-footer__app"
                    href={info.playStoreUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {t('shell.footer.playStore')}
                  </a>
                ) : null}
              </div>
            </div>
          ) : null}
          {site === 'sa' && info?.licenceCertificateUrl ? (
            <SafeImage
              className="shell-footer__licence"
              src={info.licenceCertificateUrl}
              alt={t('shell.footer.licence')}
              data-testid="footer-licence"
            />
          ) : null}
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
      {info && phone ? <FloatingContact whatsapp={info.whatsapp || phone} phone={phone} /> : null}
    </footer>
  );
}
