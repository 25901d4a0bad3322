/**
 * Topic per aggregate, keyed by aggregate id so order holds per aggregate.
 * A published topic name is never renamed: add a new one instead.
 */
export const TOPICS = {
  listingsProperty: 'listings.property',
  contentConfig: 'content.config',
  identityAccount: 'identity.account',
  paymentsSubscription: 'payments.subscription',
  auctionsAuction: 'auctions.auction',
} as const;
export type Topic = (typeof TOPICS)[keyof typeof TOPICS];
