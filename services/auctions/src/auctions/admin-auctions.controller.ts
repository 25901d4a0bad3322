import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  createAuctionBodySchema,
  type AuctionView,
  type CreateAuctionBody,
  type Language,
  type Site,
} from '@manzil/contracts';
import { CurrentLanguage, CurrentSite, Roles, ZodPipe } from '@manzil/nest-kit';
import { findAuctionView, toAuctionView } from './auction-view.js';
import { CreateAuction } from './create-auction.js';

@Controller('v1/admin/auctions')
@Roles('admin')
export class AdminAuctionsController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly createAuction: CreateAuction,
  ) {}

  /** Admin of the request's site: auctions one of its accepted properties. */
  @Post()
  @HttpCode(201)
  async create(
    @Body(new ZodPipe(createAuctionBodySchema)) body: CreateAuctionBody,
    @CurrentSite() site: Site,
    @CurrentLanguage() language: Language,
  ): Promise<AuctionView> {
    const id = await this.createAuction.execute(site, language, body);
    return toAuctionView((await findAuctionView(this.dataSource.manager, site, id))!);
  }
}
