import { AccountEventsHandler } from './account-events.handler.js';
import { AppointmentEventsHandler } from './appointment-events.handler.js';
import { AuctionEventsHandler } from './auction-events.handler.js';
import { ListingEventsHandler } from './listing-events.handler.js';
import { PaymentEventsHandler } from './payment-events.handler.js';
import { SavedSearchEventsHandler } from './saved-search-events.handler.js';

/**
 * One handler file per event family (`<family>-events.handler.ts`), each a controller of
 * `@EventPattern`s that builds the drafts and calls `Deliver.once`. A new family adds its file
 * and one line here.
 */
export const EVENT_HANDLERS = [
  AccountEventsHandler,
  ListingEventsHandler,
  AppointmentEventsHandler,
  AuctionEventsHandler,
  PaymentEventsHandler,
  SavedSearchEventsHandler,
];
