import {
  appointmentAcceptedV1,
  appointmentCanceledV1,
  appointmentRejectedV1,
  appointmentRequestedV1,
} from './appointments.js';
import { auctionCanceledV1, paymentRefundedV1 } from './admin-console.js';
import { auctionClosedV1, bidOutbidV1, bidPlacedV1 } from './auctions.js';
import { bidFeeFailedV1, bidFeePaidV1, bidFeeRefundDueV1 } from './bid-fees.js';
import { contentChangedV1, contentConfigChangedV1, CONTENT_TOPICS } from './content.js';
import { enquiryReceivedV1 } from './enquiries.js';
import {
  accountChannelsV1,
  accountDeletedV1,
  accountNafathVerifiedV1,
  accountRegisteredV1,
  agentContactV1,
  companyProfileV1,
} from './identity.js';
import {
  listingApprovedV1,
  listingDeactivatedV1,
  listingDiscardedV1,
  listingRejectedV1,
  listingSoldV1,
  listingSubmittedV1,
  listingUpdatedV1,
  listingWithdrawnV1,
} from './listings.js';
import {
  projectPublishedV1,
  projectUpdatedV1,
  projectUnpublishedV1,
  unitAddedV1,
  unitStatusChangedV1,
  unitUpdatedV1,
} from './projects.js';
import { savedSearchMatchedV1 } from './saved-searches.js';
import {
  planPaymentFailedV1,
  subscriptionActivatedV1,
  subscriptionExpiredV1,
  subscriptionExpiringV1,
} from './payments.js';
import { TOPICS } from './topics.js';
import {
  unitBookingFailedV1,
  unitBookingHeldV1,
  unitBookingPaidV1,
  unitBookingRefundDueV1,
} from './unit-bookings.js';

/**
 * The topic each event type is published on. A consumer declares the types it handles
 * (`@EventPattern('listing.approved')`) and its transport subscribes to the topics found
 * here, so a handler never names a topic. Every version of a type shares its topic (a
 * consumer reading v1 and v2 reads one stream, in order). Add a line with each new type;
 * `event-topics.spec.ts` fails on an event definition missing here.
 */
export const EVENT_TOPICS: Readonly<Record<string, string>> = {
  [listingApprovedV1.type]: TOPICS.listingsProperty,
  [listingWithdrawnV1.type]: TOPICS.listingsProperty,
  [listingSubmittedV1.type]: TOPICS.listingsProperty,
  [listingUpdatedV1.type]: TOPICS.listingsProperty,
  [listingRejectedV1.type]: TOPICS.listingsProperty,
  [listingSoldV1.type]: TOPICS.listingsProperty,
  [listingDeactivatedV1.type]: TOPICS.listingsProperty,
  [listingDiscardedV1.type]: TOPICS.listingsProperty,
  [contentConfigChangedV1.type]: TOPICS.contentConfig,
  [contentChangedV1.type]: CONTENT_TOPICS.cms,
  [accountRegisteredV1.type]: TOPICS.identityAccount,
  [accountNafathVerifiedV1.type]: TOPICS.identityAccount,
  [accountDeletedV1.type]: TOPICS.identityAccount,
  [agentContactV1.type]: TOPICS.identityAccount,
  [companyProfileV1.type]: TOPICS.identityAccount,
  [accountChannelsV1.type]: TOPICS.identityAccount,
  [subscriptionActivatedV1.type]: TOPICS.paymentsSubscription,
  [subscriptionExpiredV1.type]: TOPICS.paymentsSubscription,
  [subscriptionExpiringV1.type]: TOPICS.paymentsSubscription,
  [planPaymentFailedV1.type]: TOPICS.paymentsSubscription,
  [bidFeePaidV1.type]: TOPICS.paymentsBidFee,
  [bidFeeFailedV1.type]: TOPICS.paymentsBidFee,
  [bidPlacedV1.type]: TOPICS.auctionsAuction,
  [bidFeeRefundDueV1.type]: TOPICS.auctionsAuction,
  [bidOutbidV1.type]: TOPICS.auctionsAuction,
  [auctionClosedV1.type]: TOPICS.auctionsAuction,
  [appointmentRequestedV1.type]: TOPICS.listingsAppointment,
  [appointmentAcceptedV1.type]: TOPICS.listingsAppointment,
  [appointmentRejectedV1.type]: TOPICS.listingsAppointment,
  [appointmentCanceledV1.type]: TOPICS.listingsAppointment,
  [enquiryReceivedV1.type]: TOPICS.listingsEnquiry,
  [projectPublishedV1.type]: TOPICS.listingsProject,
  [projectUpdatedV1.type]: TOPICS.listingsProject,
  [projectUnpublishedV1.type]: TOPICS.listingsProject,
  [unitAddedV1.type]: TOPICS.listingsProject,
  [unitUpdatedV1.type]: TOPICS.listingsProject,
  [unitStatusChangedV1.type]: TOPICS.listingsProject,
  [auctionCanceledV1.type]: TOPICS.auctionsAuction,
  [paymentRefundedV1.type]: TOPICS.paymentsPayment,
  [savedSearchMatchedV1.type]: TOPICS.searchSavedSearch,
  [unitBookingHeldV1.type]: TOPICS.listingsUnitBooking,
  [unitBookingRefundDueV1.type]: TOPICS.listingsUnitBooking,
  [unitBookingPaidV1.type]: TOPICS.paymentsUnitBooking,
  [unitBookingFailedV1.type]: TOPICS.paymentsUnitBooking,
};

/** The topic of an event type, or undefined for a type no one publishes. */
export function topicOfEvent(type: string): string | undefined {
  return Object.hasOwn(EVENT_TOPICS, type) ? EVENT_TOPICS[type] : undefined;
}
