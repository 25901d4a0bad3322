import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import {
  accountDeletedV1,
  accountNafathVerifiedV1,
  accountRegisteredV1,
  agentContactV1,
  companyProfileV1,
  subscriptionActivatedV1,
  subscriptionExpiredV1,
} from '@manzil/contracts';
import { EventInbox, ParseEventPipe, type EventOf } from '@manzil/nest-kit';
import { adoptSeededProjects } from '../projects/project-seed.js';

/**
 * What listings must know of other services' accounts to decide who may add and edit
 * (spec §6), kept from their events, each applied once (inbox `listings`):
 * identity's accounts (role, company of an agent, Nafath, deletion, an agent's names in English
 * and Arabic, a company's names) into `listing_accounts`,
 * payments' plans (listings allowed until when) into `listing_entitlements`.
 */
@Controller()
export class AccountEventsController {
  constructor(private readonly inbox: EventInbox) {}

  @EventPattern(accountRegisteredV1.type)
  async registered(
    @Payload(new ParseEventPipe(accountRegisteredV1)) event: EventOf<typeof accountRegisteredV1>,
  ): Promise<void> {
    const { accountId, role, companyId } = event.payload;
    await this.inbox.handleOnce(event, async (manager) => {
      await manager.query(
        `INSERT INTO "listing_accounts" ("account_id", "site", "role", "company_id") VALUES ($1, $2, $3, $4)
         ON CONFLICT ("account_id") DO UPDATE SET "role" = EXCLUDED."role", "company_id" = EXCLUDED."company_id"`,
        [accountId, event.site, role, companyId],
      );
      if (role === 'company') await adoptSeededProjects(manager, event.site, accountId);
    });
  }

  @EventPattern(accountNafathVerifiedV1.type)
  async nafathVerified(
    @Payload(new ParseEventPipe(accountNafathVerifiedV1)) event: EventOf<typeof accountNafathVerifiedV1>,
  ): Promise<void> {
    const { accountId, verifiedAt } = event.payload;
    // Same topic and key as `registered`, so it comes after it; the upsert copes either way.
    await this.inbox.handleOnce(event, (manager) =>
      manager.query(
        `INSERT INTO "listing_accounts" ("account_id", "site", "role", "nafath_verified_at") VALUES ($1, $2, 'unknown', $3)
         ON CONFLICT ("account_id") DO UPDATE SET "nafath_verified_at" = EXCLUDED."nafath_verified_at"`,
        [accountId, event.site, verifiedAt],
      ),
    );
  }

  /**
   * An agent's names (and company), whenever identity announces its contact: the advertiser's
   * names `listing.approved` carries in both languages (`advertiserNames`). Same topic and key
   * as `registered`, so the last one wins.
   */
  @EventPattern(agentContactV1.type)
  async agentContact(
    @Payload(new ParseEventPipe(agentContactV1)) event: EventOf<typeof agentContactV1>,
  ): Promise<void> {
    const { accountId, companyId, name, nameAr } = event.payload;
    await this.inbox.handleOnce(event, (manager) =>
      manager.query(
        `INSERT INTO "listing_accounts" ("account_id", "site", "role", "company_id", "name", "name_ar")
         VALUES ($1, $2, 'agent', $3, $4, $5)
         ON CONFLICT ("account_id") DO UPDATE SET "name" = EXCLUDED."name", "name_ar" = EXCLUDED."name_ar"`,
        [accountId, event.site, companyId, name.trim() || null, nameAr?.trim() || null],
      ),
    );
  }

  /**
   * A company's names, whenever identity announces them: the company's names `listing.approved`
   * carries in both languages (`applyAdvertiserNames`). Same topic and key as `registered`, so
   * the last one wins.
   */
  @EventPattern(companyProfileV1.type)
  async companyProfile(
    @Payload(new ParseEventPipe(companyProfileV1)) event: EventOf<typeof companyProfileV1>,
  ): Promise<void> {
    const { accountId, name, nameAr } = event.payload;
    await this.inbox.handleOnce(event, (manager) =>
      manager.query(
        `INSERT INTO "listing_accounts" ("account_id", "site", "role", "name", "name_ar")
         VALUES ($1, $2, 'company', $3, $4)
         ON CONFLICT ("account_id") DO UPDATE SET "name" = EXCLUDED."name", "name_ar" = EXCLUDED."name_ar"`,
        [accountId, event.site, name.trim() || null, nameAr?.trim() || null],
      ),
    );
  }

  @EventPattern(accountDeletedV1.type)
  async deleted(
    @Payload(new ParseEventPipe(accountDeletedV1)) event: EventOf<typeof accountDeletedV1>,
  ): Promise<void> {
    await this.inbox.handleOnce(event, (manager) =>
      manager.query(`UPDATE "listing_accounts" SET "deleted_at" = $2 WHERE "account_id" = $1`, [
        event.payload.accountId,
        event.occurredAt,
      ]),
    );
  }

  @EventPattern(subscriptionActivatedV1.type)
  async subscriptionActivated(
    @Payload(new ParseEventPipe(subscriptionActivatedV1)) event: EventOf<typeof subscriptionActivatedV1>,
  ): Promise<void> {
    const p = event.payload;
    await this.inbox.handleOnce(event, (manager) =>
      manager.query(
        `INSERT INTO "listing_entitlements" ("subscription_id", "site", "account_id", "plan", "property_quota", "starts_at", "ends_at")
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT ("subscription_id") DO UPDATE SET "plan" = EXCLUDED."plan", "property_quota" = EXCLUDED."property_quota",
           "starts_at" = EXCLUDED."starts_at", "ends_at" = EXCLUDED."ends_at"`,
        [p.subscriptionId, event.site, p.accountId, p.plan, p.propertyQuota, p.startsAt, p.endsAt],
      ),
    );
  }

  /** An ended subscription (run out, or replaced by an upgrade) stops counting from `endedAt`. */
  @EventPattern(subscriptionExpiredV1.type)
  async subscriptionExpired(
    @Payload(new ParseEventPipe(subscriptionExpiredV1)) event: EventOf<typeof subscriptionExpiredV1>,
  ): Promise<void> {
    await this.inbox.handleOnce(event, (manager) =>
      manager.query(
        `UPDATE "listing_entitlements" SET "ends_at" = least("ends_at", $2) WHERE "subscription_id" = $1 AND "site" = $3`,
        [event.payload.subscriptionId, event.payload.endedAt, event.site],
      ),
    );
  }
}
