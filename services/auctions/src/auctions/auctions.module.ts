import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { AuctionsController } from './auctions.controller.js';
import { AdminAuctionsController } from './admin-auctions.controller.js';
import { CreateAuction } from './create-auction.js';
import { BidFeeEventsController } from '../bids/bid-fee-events.controller.js';
import { BidsController } from '../bids/bids.controller.js';
import { SettleBidFee } from '../bids/settle-bid-fee.js';
import { PlaceBid } from '../bids/place-bid.js';
import { WithdrawBid } from '../bids/withdraw-bid.js';
import {
  AUCTION_JOBS,
  AuctionClosingProcessor,
  AuctionClosingScheduler,
  CLOSING_QUEUE,
} from '../closing/auction-closing.job.js';
import { CloseAuction } from '../closing/close-auction.js';
import { PriceFeed } from '../live/price-feed.js';
import { ListingEventsController } from '../read-model/listing-events.controller.js';
import { ListingWithdrawnController } from '../read-model/listing-withdrawn.controller.js';
import { AuctionsConsoleController } from '../admin/auctions-console.controller.js';
import { CancelAuction } from '../admin/cancel-auction.js';
import { RescheduleAuction } from '../admin/reschedule-auction.js';

/** Auctions, bids, the live price feed, the closing job and the property cards' read model. */
@Module({
  imports: [BullModule.registerQueue({ name: CLOSING_QUEUE, configKey: AUCTION_JOBS })],
  controllers: [
    AuctionsController,
    BidsController,
    AdminAuctionsController,
    AuctionsConsoleController,
    ListingEventsController,
    ListingWithdrawnController,
    BidFeeEventsController,
  ],
  providers: [
    PriceFeed,
    PlaceBid,
    WithdrawBid,
    SettleBidFee,
    CreateAuction,
    RescheduleAuction,
    CancelAuction,
    CloseAuction,
    AuctionClosingScheduler,
    AuctionClosingProcessor,
  ],
})
export class AuctionsModule {}
