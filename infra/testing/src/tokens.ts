import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { SignJWT, importPKCS8 } from 'jose';
import type { Site } from '@manzil/contracts';

type Role = 'user' | 'agent' | 'company' | 'admin';

/** One RS256 key pair per test process, like the pair the start script generates once. */
const pair = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

export const testKeys = { publicKey: pair.publicKey, privateKey: pair.privateKey };

/** A signed access token such as identity issues, for calling protected endpoints in tests. */
export async function tokenFor(
  role: Role,
  options: { site?: Site; sub?: string; companyId?: string; expiresIn?: string } = {},
): Promise<string> {
  const key = await importPKCS8(testKeys.privateKey, 'RS256');
  return new SignJWT({ role, site: options.site ?? 'ae', companyId: options.companyId })
    .setProtectedHeader({ alg: 'RS256' })
    .setSubject(options.sub ?? randomUUID())
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '15m')
    .sign(key);
}
