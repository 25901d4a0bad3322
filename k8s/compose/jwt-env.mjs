// Writes a development JWT key pair for docker-compose.yml as env files under .data/compose/
// (git-ignored): jwt-public.env (JWT_PUBLIC_KEY, every service) and jwt-private.env
// (JWT_PRIVATE_KEY, identity only). PEM newlines are written as \n inside double quotes,
// which Compose env files expand. Keeps existing keys unless run with --force.
// Usage: node k8s/compose/jwt-env.mjs [--force]
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dir = join(root, '.data', 'compose');
const publicFile = join(dir, 'jwt-public.env');
const privateFile = join(dir, 'jwt-private.env');

if (existsSync(privateFile) && existsSync(publicFile) && !process.argv.includes('--force')) {
  console.log(`${dir}: keys exist (use --force to replace them)`);
} else {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const line = (name, pem) => `${name}="${pem.trim().split('\n').join('\\n')}"\n`;
  mkdirSync(dir, { recursive: true });
  writeFileSync(publicFile, line('JWT_PUBLIC_KEY', publicKey), { mode: 0o644 });
  writeFileSync(privateFile, line('JWT_PRIVATE_KEY', privateKey), { mode: 0o600 });
  console.log(`${dir}: wrote jwt-public.env and jwt-private.env (RS256 key pair)`);
}
