// Writes random credentials for the MinIO of docker-compose.yml to .data/compose/s3.env
// (git-ignored): MinIO's root user and password, and the same pair as S3_ACCESS_KEY_ID /
// S3_SECRET_ACCESS_KEY for the services that store media. Keeps existing ones unless run
// with --force. Usage: node k8s/compose/s3-env.mjs [--force]
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dir = join(root, '.data', 'compose');
const file = join(dir, 's3.env');

if (existsSync(file) && !process.argv.includes('--force')) {
  console.log(`${file}: credentials exist (use --force to replace them)`);
} else {
  const user = `manzil-${randomBytes(4).toString('hex')}`;
  const password = randomBytes(24).toString('hex');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    file,
    [
      `MINIO_ROOT_USER=${user}`,
      `MINIO_ROOT_PASSWORD=${password}`,
      `S3_ACCESS_KEY_ID=${user}`,
      `S3_SECRET_ACCESS_KEY=${password}`,
      '',
    ].join('\n'),
    { mode: 0o600 },
  );
  console.log(`${file}: wrote MinIO credentials`);
}
