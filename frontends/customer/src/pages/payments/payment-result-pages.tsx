import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from '@manzil/ui/router';
import type { PaymentView } from '@manzil/contracts';
import { buttonClassName, useLanguage, useSession } from '@manzil/ui';
import { BidFeeResult, isBidFeeReturn } from './bid-fee-result.js';
import { paymentQuery } from './payment-queries.js';
import { UnitBookingResult, isUnitBookingReturn } from './unit-booking-result.js';
import { FailedState, PaymentSummary, ReceivedState, isUuid } from './payment-result-parts.js';

/** The payment named in the address (`?paymentId=`), read when the payer is signed in. */
function usePayment() {
  const [params] = useSearchParams();
  const language = useLanguage();
  const session = useSession();
  const id = params.get('paymentId') ?? '';
  // A bidding fee's or a unit booking's return is read by its own result (customers may not read plan payments).
  const enabled = isUuid(id) && session !== null && !isBidFeeReturn(params) && !isUnitBookingReturn(params);
  const query = useQuery({ ...paymentQuery(id, language), enabled });
  return enabled ? query.data : undefined;
}

function PlanSummary({ payment }: { payment: PaymentView }) {
  const intl = useIntl();
  return (
    <PaymentSummary
      forLabel={intl.formatMessage({ id: 'customer.payment.plan' })}
      what={intl.formatMessage(
        { id: 'customer.payment.planName' },
        { name: payment.plan.name, months: payment.plan.durationMonths },
      )}
      amount={payment.amount}
      currency={payment.currency}
      status={payment.status}
    />
  );
}

/** Spec §8's failure for a plan: try again from the home page's plans, or contact us. */
function PlanFailedState() {
  const intl = useIntl();
  return (
    <FailedState
      retry={
        <Link className={buttonClassName('primary')} to="/">
          {intl.formatMessage({ id: 'customer.payment.tryAgain' })}
        </Link>
      }
    />
  );
}

/**
 * `/payments/paymentSuccess`: where the provider sends the payer after paying. Its word
 * reaches us by webhook, so the page says the request was received and the payment will be
 * updated shortly, and reads the payment until it is Paid (or shows the failure if the
 * provider says otherwise).
 */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  if (isUnitBookingReturn(params))
    return <UnitBookingResult bookingId={params.get('bookingId')!} outcome="success" />;
  return isBidFeeReturn(params) ? (
    <BidFeeResult bidId={params.get('bidId')!} outcome="success" />
  ) : (
    <PlanPaymentSuccess />
  );
}

function PlanPaymentSuccess() {
  const intl = useIntl();
  const payment = usePayment();
  if (payment?.status === 'canceled') {
    return (
      <div className="mz-container cu-payment">
        <PlanFailedState />
        <PlanSummary payment={payment} />
      </div>
    );
  }
  return (
    <div className="mz-container cu-payment">
      <ReceivedState
        paid={payment?.status === 'paid'}
        paidMessageId="customer.payment.paid.message"
        action={
          <Link className={buttonClassName('primary')} to="/">
            {intl.formatMessage({ id: 'customer.payment.home' })}
          </Link>
        }
      />
      {payment ? <PlanSummary payment={payment} /> : null}
    </div>
  );
}

/** `/payments/paymentFailed`: the payment failed or was abandoned on the provider's page. */
export function PaymentFailedPage() {
  const [params] = useSearchParams();
  if (isUnitBookingReturn(params))
    return <UnitBookingResult bookingId={params.get('bookingId')!} outcome="failed" />;
  return isBidFeeReturn(params) ? (
    <BidFeeResult bidId={params.get('bidId')!} outcome="failed" />
  ) : (
    <PlanPaymentFailed />
  );
}

function PlanPaymentFailed() {
  const payment = usePayment();
  return (
    <div className="mz-container cu-payment">
      <PlanFailedState />
      {payment ? <PlanSummary payment={payment} /> : null}
    </div>
  );
}
