import { AsyncLocalStorage } from 'node:async_hooks';
import type { Language, Site } from '@manzil/contracts';

export interface AuthUser {
  id: string;
  role: 'user' | 'agent' | 'company' | 'admin';
  site: Site;
  /** The company an agent belongs to (absent for freelancers and other roles). */
  companyId?: string;
  /** The session (refresh-token family) the access token belongs to: logout and revocation end it. */
  sessionId?: string;
}

/** What every request carries, available anywhere below the HTTP layer (logs, events). */
export interface RequestContext {
  requestId: string;
  site: Site;
  language: Language;
  /** Minutes east of UTC from the `timezoneOffset` header (e.g. "+04:00" → 240). */
  timezoneOffsetMinutes: number;
  user?: AuthUser;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}

/** "+04:00", "-03:30", "+0530" → minutes; anything else → 0. */
export function parseTimezoneOffset(value: string | undefined): number {
  const match = /^([+-])(\d{2}):?(\d{2})$/.exec((value ?? '').trim());
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  if (minutes > 14 * 60) return 0;
  return match[1] === '-' ? -minutes : minutes;
}
