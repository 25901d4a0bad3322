/**
 * The one list of topics. Topic per aggregate, keyed by aggregate id so order holds per
 * aggregate. A published topic name is never renamed: add a new one instead.
 *
 * Kafka does not create topics on first use in production (auto-creation is off), so every
 * topic here is declared, with its `.dlq`, by k8s/kafka-topics.yaml and by the compose
 * `kafka-topics` job, exactly as TOPIC_LIST says; k8s/manifests.spec.ts fails when they
 * differ, and contracts/src/events/topics.spec.ts when a contracts constant names a topic
 * missing here. The test broker of scripts/engines.mjs creates the same topics.
 */
export const TOPICS = {
  listingsProperty: 'listings.property',
  contentConfig: 'content.config',
  /** Every CMS change (pages, blogs, FAQs, menus, banners, communities, admin info, messages). */
  contentCms: 'content.cms',
  identityAccount: 'identity.account',
  paymentsSubscription: 'payments.subscription',
  /** A payment's own facts (refunded), keyed by payment id. */
  paymentsPayment: 'payments.payment',
  /** Bidding fees of pending bids: paid or failed (auctions accepts or rejects the bid). */
  paymentsBidFee: 'payments.bid-fee',
  auctionsAuction: 'auctions.auction',
  /** Viewings and meetings booked with agents (listings). */
  listingsAppointment: 'listings.appointment',
  /** Enquiries sent to agents from a property's agent card (key = enquiry id). */
  listingsEnquiry: 'listings.enquiry',
  /** Projects and their units (key = project id). */
  listingsProject: 'listings.project',
  /** Saved searches' matches (search; key = saved search id). */
  searchSavedSearch: 'search.saved-search',
  /** Online bookings of project units held for a Saudi resident (key = booking id). */
  listingsUnitBooking: 'listings.unit-booking',
  /** Unit bookings' payments: paid or failed (listings books or releases the unit). */
  paymentsUnitBooking: 'payments.unit-booking',
} as const;
export type Topic = (typeof TOPICS)[keyof typeof TOPICS];

/** How a topic is declared in Kafka. */
export interface TopicDeclaration {
  name: string;
  /** Keys spread over the partitions; a consumer group scales to this many instances. */
  partitions: number;
  retentionMs: number;
}

const DAY_MS = 86_400_000;
/** Long enough for a consumer that was down over a long weekend to catch up. */
export const TOPIC_RETENTION_MS = 7 * DAY_MS;
/** Dead letters wait for someone to inspect and replay them. */
export const DLQ_RETENTION_MS = 30 * DAY_MS;
export const TOPIC_PARTITIONS = 6;

/** Every topic of TOPICS and its dead-letter topic `<topic>.dlq`, as production declares them. */
export const TOPIC_LIST: readonly TopicDeclaration[] = Object.values(TOPICS).flatMap((name) => [
  { name, partitions: TOPIC_PARTITIONS, retentionMs: TOPIC_RETENTION_MS },
  { name: `${name}.dlq`, partitions: TOPIC_PARTITIONS, retentionMs: DLQ_RETENTION_MS },
]);
