import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Link } from '@manzil/ui/router';
import type { UnitBookingPayment } from '@manzil/contracts';
import { buttonClassName, useLanguage, useSession } from '@manzil/ui';
import { unitBookingPaymentQuery } from './payment-queries.js';
import { FailedState, PaymentSummary, ReceivedState, isUuid } from './payment-result-parts.js';

/** `?bookingId=` on a result page: the provider came back from a unit booking's Checkout. */
export function isUnitBookingReturn(params: URLSearchParams): boolean {
  return isUuid(params.get('bookingId'));
}

function MyOrdersLink({ primary }: { primary: boolean }) {
  const intl = useIntl();
  return (
    <Link
      className={buttonClassName(primary ? 'primary' : 'secondary')}
      to="/my-orders"
      data-testid="payment-my-orders"
    >
      {intl.formatMessage({ id: 'customer.payment.myOrders' })}
    </Link>
  );
}

function BookingSummary({ payment }: { payment: UnitBookingPayment }) {
  const intl = useIntl();
  return (
    <PaymentSummary
      forLabel={intl.formatMessage({ id: 'customer.payment.for' })}
      what={intl.formatMessage({ id: 'customer.payment.unitBooking' })}
      amount={payment.amount}
      currency={payment.currency}
      status={payment.status}
    />
  );
}

/**
 * The result pages after a unit booking's Checkout: the spec's messages, the payment read
 * until the provider's word reaches payments, and the way on to the customer's orders.
 */
export function UnitBookingResult({
  bookingId,
  outcome,
}: {
  bookingId: string;
  outcome: 'success' | 'failed';
}) {
  const language = useLanguage();
  const session = useSession();
  const payment = useQuery({
    ...unitBookingPaymentQuery(bookingId, language),
    enabled: session?.role === 'user',
  }).data;
  const failed = outcome === 'failed' || payment?.status === 'canceled';
  return (
    <div className="mz-container cu-payment">
      {failed ? (
        <FailedState retry={<MyOrdersLink primary />} />
      ) : (
        <ReceivedState
          paid={payment?.status === 'paid'}
          paidMessageId="customer.payment.bookingPaid.message"
          action={<MyOrdersLink primary />}
        />
      )}
      {payment ? <BookingSummary payment={payment} /> : null}
    </div>
  );
}
