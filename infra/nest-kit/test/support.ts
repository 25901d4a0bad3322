// @manzil/testing builds on this package, so its specs make their own keys, JWKS server and tokens.
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { importPKCS8, SignJWT, type JWK } from 'jose';
import type { Site } from '@manzil/contracts';
import { publicJwk } from '../src/index.js';

export const ISSUER = 'manzil-identity';
export const AUDIENCE = 'manzil';

export function rsaPair() {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

export const keys = rsaPair();
export const kid = publicJwk(keys.publicKey).kid as string;

export interface TokenOptions {
  site?: Site;
  sub?: string;
  expiresIn?: string;
  issuer?: string;
  audience?: string;
  kid?: string | null;
  privateKey?: string;
  tv?: number;
  sid?: string;
}

export async function tokenFor(role: string, options: TokenOptions = {}): Promise<string> {
  const header = options.kid === null ? { alg: 'RS256' } : { alg: 'RS256', kid: options.kid ?? kid };
  return new SignJWT({ role, site: options.site ?? 'ae', tv: options.tv, sid: options.sid })
    .setProtectedHeader(header)
    .setSubject(options.sub ?? randomUUID())
    .setIssuer(options.issuer ?? ISSUER)
    .setAudience(options.audience ?? AUDIENCE)
    .setExpirationTime(options.expiresIn ?? '15m')
    .sign(await importPKCS8(options.privateKey ?? keys.privateKey, 'RS256'));
}

export interface JwksServer {
  url: string;
  keys: JWK[];
  /** How many times the set was fetched. */
  fetches: () => number;
  close(): Promise<void>;
}

/** A JWKS over real HTTP, as identity serves it; `keys` can be changed between requests. */
export async function startJwksServer(keySet: JWK[] = [publicJwk(keys.publicKey)]): Promise<JwksServer> {
  let fetches = 0;
  const state = { keys: keySet };
  const server: Server = createServer((request, response) => {
    fetches += 1;
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: state.keys }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    get keys() {
      return state.keys;
    },
    set keys(next: JWK[]) {
      state.keys = next;
    },
    fetches: () => fetches,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const testRedisUrl = () => process.env.MANZIL_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const testNamespace = () => `t:kit:${randomBytes(4).toString('hex')}`;
