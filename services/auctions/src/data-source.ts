import { busEntities, busMigrations } from '@manzil/bus/outbox';
import { createDataSource } from '@manzil/db';
import { Auction } from './auctions/auction.entity.js';
import { Bid } from './bids/bid.entity.js';
import { Init1732200000000 } from './migrations/1732200000000-init.js';
import { Bids1764100000000 } from './migrations/1764100000000-bids.js';
import { AdminConsole1764800000000 } from './migrations/1764800000000-admin-console.js';
import { LeadingBidder1764950000000 } from './migrations/1764950000000-leading-bidder.js';
import { AuctionProperty } from './read-model/auction-property.entity.js';

/** The one data source of the service, used by the app module and the CLI. */
export const entities = [...busEntities, Auction, Bid, AuctionProperty];
export const migrations = [
  ...busMigrations,
  Init1732200000000,
  Bids1764100000000,
  AdminConsole1764800000000,
  LeadingBidder1764950000000,
];
export const buildDataSource = (url: string) => createDataSource({ url, entities, migrations });
