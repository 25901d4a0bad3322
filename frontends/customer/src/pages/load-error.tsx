import { useIntl } from 'react-intl';
import { AlertIcon, Button, EmptyState } from '@manzil/ui';

/** A read that failed with nothing to show: say so, and offer to try again. */
export function LoadError({ onRetry, testId }: { onRetry: () => unknown; testId?: string }) {
  const intl = useIntl();
  return (
    <EmptyState
      testId={testId}
      icon={<AlertIcon />}
      title={intl.formatMessage({ id: 'customer.listing.error.title' })}
      description={intl.formatMessage({ id: 'customer.listing.error.description' })}
      action={
        <Button variant="primary" onClick={() => void onRetry()}>
          {intl.formatMessage({ id: 'customer.listing.error.retry' })}
        </Button>
      }
    />
  );
}
