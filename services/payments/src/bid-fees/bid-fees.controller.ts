import { Controller, Get, Param } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { bidFeeParamsSchema, type BidFeeView, type Site } from '@manzil/contracts';
import { AppException, CurrentSite, CurrentUser, Roles, ZodPipe, type AuthUser } from '@manzil/nest-kit';

interface BidFeeRow {
  id: string;
  bid_id: string;
  auction_id: string;
  status: BidFeeView['status'];
  amount: string;
  currency: 'AED' | 'SAR';
  checkout_url: string | null;
  created_at: Date;
  paid_at: Date | null;
}

/**
 * A customer's bidding fees: the auction page and the result pages read one to send the
 * bidder to the Checkout page (while Pending) and to show where it stands. Only the bidder's
 * own, on this site: anything else is not found (also before payments has read the bid).
 */
@Controller('v1/bid-fees')
@Roles('user')
export class BidFeesController {
  constructor(private readonly dataSource: DataSource) {}

  @Get(':bidId')
  async one(
    @Param(new ZodPipe(bidFeeParamsSchema)) { bidId }: { bidId: string },
    @CurrentUser() user: AuthUser,
    @CurrentSite() site: Site,
  ): Promise<BidFeeView> {
    const [row] = (await this.dataSource.query(
      `SELECT "id", "bid_id", "auction_id", "status", "amount", "currency", "checkout_url", "created_at", "paid_at"
         FROM "payments" WHERE "bid_id" = $1 AND "purpose" = 'bid_fee' AND "site" = $2 AND "account_id" = $3`,
      [bidId, site, user.id],
    )) as BidFeeRow[];
    if (!row) throw new AppException('NOT_FOUND');
    return {
      paymentId: row.id,
      bidId: row.bid_id,
      auctionId: row.auction_id,
      status: row.status,
      amount: Number(row.amount),
      currency: row.currency,
      checkoutUrl: row.status === 'pending' ? row.checkout_url : null,
      createdAt: row.created_at.toISOString(),
      paidAt: row.paid_at?.toISOString() ?? null,
    };
  }
}
