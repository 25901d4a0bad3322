// Writes identity's development signing key for docker-compose.yml as an env file under
// .data/compose/ (git-ignored): jwt-private.env (JWT_PRIVATE_KEY, identity only; the other
// services fetch the public half from identity's JWKS). PEM newlines are written as \n inside
// double quotes, which Compose env files expand. Keeps an existing key unless run with --force.
// Usage: node k8s/compose/jwt-env.mjs [--force]
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dir = join(root, '.data', 'compose');
const privateFile = join(dir, 'jwt-private.env');

if (existsSync(privateFile) && !process.argv.includes('--force')) {
  console.log(`${dir}: the key exists (use --force to replace it)`);
} else {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const line = (name, pem) => `${name}="${pem.trim().split('\n').join('\\n')}"\n`;
  mkdirSync(dir, { recursive: true });
  writeFileSync(privateFile, line('JWT_PRIVATE_KEY', privateKey), { mode: 0o600 });
  console.log(`${dir}: wrote jwt-private.env (RS256 signing key)`);
}
