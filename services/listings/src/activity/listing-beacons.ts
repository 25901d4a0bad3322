import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import type { BeaconResult, ContactClickKind, Site } from '@manzil/contracts';
import { AppException, REDIS, type AuthUser } from '@manzil/nest-kit';
import { SITE_TIME_ZONES } from './report-window.js';

export const BEACON_REDIS_PREFIX = Symbol('BEACON_REDIS_PREFIX');

/** Beacons one client address may send a minute, all listings together (a page view sends one). */
export const BEACONS_PER_IP_PER_MINUTE = 120;

/**
 * User agents that say they are robots: search engines, link previews, monitors, scripts. A
 * headless browser that does not say so is counted (our own browser tests are one).
 */
const BOT_AGENT =
  /bot\b|bot\/|crawl|spider|slurp|mediapartners|facebookexternalhit|embedly|preview|monitor|pingdom|lighthouse|curl\/|wget\/|python-requests|python-urllib|go-http-client|okhttp|java\/|libwww|httpclient|axios\//i;

export const isBotAgent = (userAgent: string | undefined) => !userAgent || BOT_AGENT.test(userAgent);

/** A day in the site's time zone, as `YYYY-MM-DD`. */
export const siteDay = (site: Site, at: Date = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: SITE_TIME_ZONES[site] }).format(at);

/** How long a visitor's "already counted" mark lives: past the end of the site's day whatever the hour. */
const SEEN_SECONDS = 2 * 24 * 60 * 60;
const RATE_WINDOW_SECONDS = 60;

export interface BeaconSender {
  user: AuthUser | undefined;
  /** The browser's anonymous id, when it sent one. */
  visitor: string | undefined;
  ip: string | undefined;
  userAgent: string | undefined;
}

/**
 * Counts a listing page's views and its agent card's call/WhatsApp clicks: once per visitor
 * per listing (per kind) per day of the site's time zone. Who the visitor is, and that it was
 * seen today, lives only in Redis for two days; Postgres keeps daily totals per listing.
 */
@Injectable()
export class ListingBeacons {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(BEACON_REDIS_PREFIX) private readonly prefix: string,
  ) {}

  view(site: Site, propertyId: string, sender: BeaconSender): Promise<BeaconResult> {
    return this.count(site, propertyId, sender, 'view');
  }

  contactClick(
    site: Site,
    propertyId: string,
    kind: ContactClickKind,
    sender: BeaconSender,
  ): Promise<BeaconResult> {
    return this.count(site, propertyId, sender, kind);
  }

  private async count(
    site: Site,
    propertyId: string,
    sender: BeaconSender,
    kind: 'view' | ContactClickKind,
  ): Promise<BeaconResult> {
    await this.limit(sender.ip);
    const [listing] = (await this.dataSource.query(
      `SELECT "agent_id", "company_id" FROM "properties"
        WHERE "id" = $1 AND "site" = $2 AND "approved_at" IS NOT NULL AND "state" = 'active'`,
      [propertyId, site],
    )) as { agent_id: string | null; company_id: string | null }[];
    // Not public here (never accepted, off the market, sold, another site's): it has no page.
    if (!listing) throw new AppException('NOT_FOUND');
    if (isBotAgent(sender.userAgent)) return { counted: false };
    const { user } = sender;
    if (user) {
      const own =
        user.id === listing.agent_id ||
        user.id === listing.company_id ||
        (!!user.companyId && user.companyId === listing.company_id);
      // The owner (and its company's agents) looking at its listing, or a moderator, is no visitor.
      if (own || user.role === 'admin') return { counted: false };
    }
    const day = siteDay(site);
    const seen = `${this.prefix}:seen:${kind}:${propertyId}:${day}:${visitorKey(sender)}`;
    if ((await this.redis.set(seen, '1', 'EX', SEEN_SECONDS, 'NX')) !== 'OK') return { counted: false };
    try {
      if (kind === 'view')
        await this.dataSource.query(
          `INSERT INTO "property_views" ("property_id", "day", "site", "count") VALUES ($1, $2, $3, 1)
           ON CONFLICT ("property_id", "day") DO UPDATE SET "count" = "property_views"."count" + 1`,
          [propertyId, day, site],
        );
      else
        await this.dataSource.query(
          `INSERT INTO "property_contact_clicks" ("property_id", "day", "kind", "site", "count") VALUES ($1, $2, $3, $4, 1)
           ON CONFLICT ("property_id", "day", "kind") DO UPDATE SET "count" = "property_contact_clicks"."count" + 1`,
          [propertyId, day, kind, site],
        );
    } catch (error) {
      // Not counted after all: let the visitor's next beacon count.
      await this.redis.del(seen).catch(() => undefined);
      throw error;
    }
    return { counted: true };
  }

  /** A fixed one-minute window per client address; the address is a Redis key for a minute, no more. */
  private async limit(ip: string | undefined) {
    if (!ip) return;
    const key = `${this.prefix}:rate:${ip}`;
    const [[, hits]] = (await this.redis.multi().incr(key).expire(key, RATE_WINDOW_SECONDS, 'NX').exec()) as [
      [Error | null, number],
      [Error | null, number],
    ];
    if (hits > BEACONS_PER_IP_PER_MINUTE) throw new AppException('RATE_LIMITED');
  }
}

/**
 * The visitor: the signed-in account, else the browser's anonymous id, else a hash of address
 * and browser (kept in Redis only, for the day).
 */
function visitorKey({ user, visitor, ip, userAgent }: BeaconSender): string {
  if (user) return `a:${user.id}`;
  if (visitor) return `v:${visitor}`;
  return `h:${createHash('sha256')
    .update(`${ip ?? ''}|${userAgent ?? ''}`)
    .digest('base64url')}`;
}
