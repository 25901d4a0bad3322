import { useIntl } from 'react-intl';
import { Link } from '@manzil/ui/router';
import { listingPagePath } from '@manzil/contracts';
import { EmptyState, HomeIcon, buttonClassName, useLanguage } from '@manzil/ui';

/** Every allowed customer route that is not built yet: says so and offers a way on. */
export function ComingSoonPage() {
  const intl = useIntl();
  const language = useLanguage();
  return (
    <div className="mz-container cu-soon">
      <EmptyState
        headingLevel={1}
        testId="coming-soon"
        icon={<HomeIcon />}
        title={intl.formatMessage({ id: 'customer.soon.title' })}
        description={intl.formatMessage({ id: 'customer.soon.description' })}
        action={
          <>
            <Link className={buttonClassName('primary')} to={listingPagePath('buy', language)}>
              {intl.formatMessage({ id: 'customer.soon.browse' })}
            </Link>
            <Link className={buttonClassName('secondary')} to="/">
              {intl.formatMessage({ id: 'customer.soon.home' })}
            </Link>
          </>
        }
      />
    </div>
  );
}
