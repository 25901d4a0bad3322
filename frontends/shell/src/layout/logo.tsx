import { useIntl } from 'react-intl';
import { Link } from '@manzil/ui/router';

/** The house mark and the name, in the page's language. */
export function Logo({ large = false }: { large?: boolean }) {
  const intl = useIntl();
  return (
    <Link
      to="/"
      className={large ? 'shell-logo shell-logo--large' : 'shell-logo'}
      aria-label={intl.formatMessage({ id: 'shell.brand.home' })}
      data-testid="logo"
    >
      <svg className="shell-logo__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path
          d="M7 15.5 16 8l9 7.5M10 13.5V24h12V13.5M14 24v-5h4v5"
          fill="none"
          stroke="#fff"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="shell-logo__name">{intl.formatMessage({ id: 'shell.brand' })}</span>
    </Link>
  );
}
