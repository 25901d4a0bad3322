import { readToken } from '../session/session.js';

/** Where the browser keeps its anonymous visitor id (not the session's: it outlives a logout). */
export const VISITOR_KEY = 'visitor';

function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The browser's anonymous id: a random uuid made once and kept in local storage, so a visitor
 * who is not signed in counts once a day. Undefined where storage is refused (private modes).
 */
export function visitorId(): string | undefined {
  try {
    let id = localStorage.getItem(VISITOR_KEY);
    if (!id) {
      id = randomUuid();
      localStorage.setItem(VISITOR_KEY, id);
    }
    return id;
  } catch {
    return undefined;
  }
}

/**
 * Fire and forget: a POST that outlives the page (`keepalive`, as `navigator.sendBeacon`, but
 * with the bearer token, which sendBeacon cannot send, so the owner's own views are known).
 * Its answer is ignored and never ends the session; a stale token is retried as a visitor.
 */
export function sendBeacon(path: string, body: Record<string, unknown> = {}): void {
  const send = async (token: string | null) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    return fetch(path, {
      method: 'POST',
      keepalive: true,
      headers,
      body: JSON.stringify({ ...body, visitor: visitorId() }),
    });
  };
  const token = readToken();
  void send(token)
    .then((response) => (response.status === 401 && token ? send(null) : response))
    .catch(() => undefined);
}
