import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AgentContact, Site } from '@manzil/contracts';

/** What `identity.agent.contact` v1 carries (contracts: agentContactV1). */
export interface AgentContactEvent {
  accountId: string;
  phone: string | null;
  whatsapp: boolean;
  email: string | null;
  listed: boolean;
}

/**
 * How to reach each agent, from identity's events (in search's own database whichever engine
 * holds the listings): the property page's agent card reads it beside the listing.
 */
@Injectable()
export class AgentContacts {
  constructor(private readonly dataSource: DataSource) {}

  /** Keeps the later of what is stored and this event. */
  async save(tx: EntityManager, site: Site, contact: AgentContactEvent, eventAt: Date): Promise<void> {
    await tx.query(
      `INSERT INTO "agent_contact" ("account_id", "site", "phone", "whatsapp", "email", "listed", "event_at")
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT ("account_id") DO UPDATE SET "site" = EXCLUDED."site", "phone" = EXCLUDED."phone",
         "whatsapp" = EXCLUDED."whatsapp", "email" = EXCLUDED."email", "listed" = EXCLUDED."listed",
         "event_at" = EXCLUDED."event_at"
       WHERE "agent_contact"."event_at" <= EXCLUDED."event_at"`,
      [contact.accountId, site, contact.phone, contact.whatsapp, contact.email, contact.listed, eventAt],
    );
  }

  async forget(tx: EntityManager, accountId: string): Promise<void> {
    await tx.query(`DELETE FROM "agent_contact" WHERE "account_id" = $1`, [accountId]);
  }

  /** The contact of a listed agent of the site, or null. */
  async of(site: Site, accountId: string | null): Promise<AgentContact | null> {
    if (!accountId) return null;
    const [row] = await this.dataSource.query(
      `SELECT "phone", "whatsapp", "email" FROM "agent_contact" WHERE "account_id" = $1 AND "site" = $2 AND "listed"`,
      [accountId, site],
    );
    if (!row || (!row.phone && !row.email)) return null;
    return {
      phone: row.phone,
      whatsapp: row.whatsapp && row.phone ? String(row.phone).replace(/\D/g, '') : null,
      email: row.email,
    };
  }
}
