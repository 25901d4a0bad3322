import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { SignJWT, importPKCS8 } from 'jose';
import type { Site } from '@manzil/contracts';
import { publicJwk } from '@manzil/nest-kit';

type Role = 'user' | 'agent' | 'company' | 'admin';

/** One RS256 key pair per test process, like the pair the start script generates once. */
const pair = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

export const testKeys = { publicKey: pair.publicKey, privateKey: pair.privateKey };
/** The `kid` of `testKeys` (its RFC 7638 thumbprint), as identity derives it. */
export const testKid = publicJwk(testKeys.publicKey).kid as string;
/** The issuer and audience of the test configuration (the defaults of nest-kit's environment). */
export const TEST_ISSUER = 'manzil-identity';
export const TEST_AUDIENCE = 'manzil';

/**
 * The test key's JWKS over real HTTP on a random port of this process (unref'd, its connections
 * too: it never keeps a test process alive), so services under test verify `tokenFor` tokens as they verify
 * identity's: by `kid`, through `JWT_JWKS_URL`.
 */
const jwksServer = createServer((_request, response) => {
  response
    .writeHead(200, { 'content-type': 'application/json', connection: 'close' })
    .end(JSON.stringify({ keys: [publicJwk(testKeys.publicKey)] }));
});
// Its connections too: the server's unref() leaves an accepted keep-alive socket holding the
// process for the keep-alive timeout after the last fetch (jest: "A worker process has failed
// to exit gracefully"), so every answer closes its connection and no socket is ref'd meanwhile.
jwksServer.on('connection', (socket) => socket.unref());
await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
jwksServer.unref();
const jwksPort = (jwksServer.address() as { port: number }).port;

export function testJwksUrl(): string {
  return `http://127.0.0.1:${jwksPort}/.well-known/jwks.json`;
}

/** A signed access token such as identity issues, for calling protected endpoints in tests. */
export async function tokenFor(
  role: Role,
  options: {
    site?: Site;
    sub?: string;
    companyId?: string;
    expiresIn?: string;
    /** The account's token version (identity's `tv`; 0 when never revoked). */
    tv?: number;
    /** The session (refresh family) id (identity's `sid`). */
    sid?: string;
  } = {},
): Promise<string> {
  const key = await importPKCS8(testKeys.privateKey, 'RS256');
  return new SignJWT({
    role,
    site: options.site ?? 'ae',
    companyId: options.companyId,
    tv: options.tv ?? 0,
    sid: options.sid,
  })
    .setProtectedHeader({ alg: 'RS256', kid: testKid, typ: 'JWT' })
    .setSubject(options.sub ?? randomUUID())
    .setIssuer(TEST_ISSUER)
    .setAudience(TEST_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '15m')
    .sign(key);
}
