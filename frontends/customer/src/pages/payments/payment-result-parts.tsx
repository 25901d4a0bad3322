import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from '@manzil/ui/router';
import { LISTING_PAGES, ARABIC_LISTING_PAGES, type Currency } from '@manzil/contracts';
import { AlertIcon, EmptyState, HomeIcon, Price, buttonClassName, useLanguage } from '@manzil/ui';

/*
 * The pieces both payment result flows share (a plan's payment, a bidding fee): the spec's
 * failure and "received" states and the payment's summary. Each flow brings its own way forward.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string | null): boolean => UUID.test(value ?? '');

export function ContactLink() {
  const intl = useIntl();
  const language = useLanguage();
  const path = language === 'ar' ? ARABIC_LISTING_PAGES['contact-us'] : LISTING_PAGES['contact-us'];
  return (
    <Link className={buttonClassName('secondary')} to={path}>
      {intl.formatMessage({ id: 'customer.payment.contact' })}
    </Link>
  );
}

/** Spec §8's failure message, with the two ways forward it names: `retry`, and contact us. */
export function FailedState({ retry }: { retry: ReactNode }) {
  const intl = useIntl();
  return (
    <EmptyState
      headingLevel={1}
      testId="payment-failed"
      icon={<AlertIcon />}
      title={intl.formatMessage({ id: 'customer.payment.failed.title' })}
      description={intl.formatMessage({ id: 'customer.payment.failed.message' })}
      action={
        <>
          {retry}
          <ContactLink />
        </>
      }
    />
  );
}

/** Paid, or the spec's "request received, the payment will be updated shortly". */
export function ReceivedState({
  paid,
  paidMessageId,
  action,
}: {
  paid: boolean;
  paidMessageId: string;
  action: ReactNode;
}) {
  const intl = useIntl();
  return (
    <EmptyState
      headingLevel={1}
      testId={paid ? 'payment-paid' : 'payment-received'}
      icon={<HomeIcon />}
      title={intl.formatMessage({
        id: paid ? 'customer.payment.paid.title' : 'customer.payment.received.title',
      })}
      description={intl.formatMessage({ id: paid ? paidMessageId : 'customer.payment.received.message' })}
      action={action}
    />
  );
}

/** What was paid for, how much, and where the payment stands. */
export function PaymentSummary({
  forLabel,
  what,
  amount,
  currency,
  status,
}: {
  forLabel: string;
  what: string;
  amount: number;
  currency: Currency;
  status: string;
}) {
  const intl = useIntl();
  return (
    <dl className="cu-payment__summary" data-testid="payment-summary">
      <div>
        <dt>{forLabel}</dt>
        <dd>{what}</dd>
      </div>
      <div>
        <dt>{intl.formatMessage({ id: 'customer.payment.amount' })}</dt>
        <dd>
          <Price amount={amount} currency={currency} />
        </dd>
      </div>
      <div>
        <dt>{intl.formatMessage({ id: 'customer.payment.status' })}</dt>
        <dd>
          <span className={`cu-payment__status cu-payment__status--${status}`} data-testid="payment-status">
            {intl.formatMessage({ id: `customer.payment.status.${status}` })}
          </span>
        </dd>
      </div>
    </dl>
  );
}
