import { isIP } from 'node:net';
import { z } from 'zod';

/** Express's names for address ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, bits, ...extra] = entry.split('/');
  const version = isIP(address);
  if (!version || extra.length) return false;
  if (bits === undefined) return true;
  const max = version === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

/**
 * Express "trust proxy": the addresses whose X-Forwarded-For (and -Proto) are believed, so
 * `req.ip` is the client behind them. Exactly a list of ranges (`10.244.0.0/16, loopback`) or
 * `false`: `true` and hop counts are refused, because they make any client able to choose its
 * own IP (and with it, its rate-limit bucket).
 */
export const trustProxySchema = z
  .string()
  .trim()
  .refine(
    (value) =>
      value === 'false' || (value !== '' && value.split(',').every((entry) => isRange(entry.trim()))),
    'TRUST_PROXY must be false or a comma-separated list of IPs, CIDRs, loopback, linklocal or uniquelocal',
  );

/** The value Express takes: `false`, or the list (Express compiles it with proxy-addr). */
export function trustProxySetting(value: string): false | string[] {
  return value === 'false' ? false : value.split(',').map((entry) => entry.trim());
}
