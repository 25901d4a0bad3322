import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AgentContact, Site } from '@manzil/contracts';

/** What `identity.agent.contact` v1 carries (contracts: agentContactV1). */
export interface AgentContactEvent {
  accountId: string;
  /** Optional in v1: events published before it carry none. */
  nameAr?: string | null;
  phone: string | null;
  whatsapp: boolean;
  email: string | null;
  listed: boolean;
}

/**
 * How to reach each agent and the Arabic form of its name, from identity's events (in search's
 * own database whichever engine holds the listings): the property page's agent card reads it
 * beside the listing.
 */
@Injectable()
export class AgentContacts {
  constructor(private readonly dataSource: DataSource) {}

  /** Keeps the later of what is stored and this event. */
  async save(tx: EntityManager, site: Site, contact: AgentContactEvent, eventAt: Date): Promise<void> {
    await tx.query(
      `INSERT INTO "agent_contact" ("account_id", "site", "phone", "whatsapp", "email", "listed", "event_at", "name_ar")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT ("account_id") DO UPDATE SET "site" = EXCLUDED."site", "phone" = EXCLUDED."phone",
         "whatsapp" = EXCLUDED."whatsapp", "email" = EXCLUDED."email", "listed" = EXCLUDED."listed",
         "event_at" = EXCLUDED."event_at", "name_ar" = EXCLUDED."name_ar"
       WHERE "agent_contact"."event_at" <= EXCLUDED."event_at"`,
      [
        contact.accountId,
        site,
        contact.phone,
        contact.whatsapp,
        contact.email,
        contact.listed,
        eventAt,
        contact.nameAr ?? null,
      ],
    );
  }

  async forget(tx: EntityManager, accountId: string): Promise<void> {
    await tx.query(`DELETE FROM "agent_contact" WHERE "account_id" = $1`, [accountId]);
  }

  /**
   * What the agent card shows of a listed agent of the site: how to reach it (null without a
   * phone or e-mail) and the Arabic form of its name (null when it gave none).
   */
  async cardOf(
    site: Site,
    accountId: string | null,
  ): Promise<{ contact: AgentContact | null; nameAr: string | null }> {
    if (!accountId) return { contact: null, nameAr: null };
    const [row] = (await this.dataSource.query(
      `SELECT "phone", "whatsapp", "email", "name_ar" FROM "agent_contact"
        WHERE "account_id" = $1 AND "site" = $2 AND "listed"`,
      [accountId, site],
    )) as { phone: string | null; whatsapp: boolean; email: string | null; name_ar: string | null }[];
    if (!row) return { contact: null, nameAr: null };
    const contact =
      row.phone || row.email
        ? {
            phone: row.phone,
            whatsapp: row.whatsapp && row.phone ? String(row.phone).replace(/\D/g, '') : null,
            email: row.email,
          }
        : null;
    return { contact, nameAr: row.name_ar };
  }
}
