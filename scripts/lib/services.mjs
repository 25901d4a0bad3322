// The services of the system, their ports and the environment each one gets.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DATA_DIR, ROOT, mkdirp } from './common.mjs';

/** Same table as contracts/src/services.ts (kept here so scripts run before a build). */
export const SERVICES = [
  { name: 'identity', port: 4001 },
  { name: 'listings', port: 4002 },
  { name: 'search', port: 4003 },
  { name: 'auctions', port: 4004 },
  { name: 'payments', port: 4005 },
  { name: 'content', port: 4006 },
  { name: 'notifications', port: 4007 },
  { name: 'sandbox', port: 4010 },
];
export const GATEWAY = { name: 'gateway', port: 3000 };
export const ALL = [...SERVICES, GATEWAY];
/**
 * Node's flags for every service process (npm start, the tests' stacks, the benches, and the
 * image's `NODE_OPTIONS` in the Dockerfile, which k8s/manifests.spec.ts checks against this).
 * A young generation of up to 3 × 32 MiB: a service answering thousands of small requests a
 * second spends a fifth of its CPU in V8's scavenges with the default (16 MiB semi-spaces);
 * measured in scripts/bench/bids.ts, see services/auctions/README.md "Performance".
 */
export const SERVICE_NODE_OPTIONS = '--max-semi-space-size=32';
export const SITE_URLS = { ae: 'http://ae.localhost:3000', sa: 'http://sa.localhost:3000' };

export const serviceDir = (name) => path.join(ROOT, 'services', name);
export const mainOf = (name) => path.join(serviceDir(name), 'dist', 'main.js');
export const cliOf = (name) => path.join(serviceDir(name), 'dist', 'cli.js');

/**
 * What each service gets of the optional engines (scripts/engines.mjs handles): the Kafka bus
 * for every service (KAFKA_BROKERS; none set → Redis Streams), OPENSEARCH_URL for search.
 */
export function engineEnv({ kafka, opensearch } = {}) {
  return (svc) => ({
    ...(kafka?.brokers ? { KAFKA_BROKERS: kafka.brokers.join(',') } : {}),
    ...(opensearch?.url && svc.name === 'search' ? { OPENSEARCH_URL: opensearch.url } : {}),
  });
}

/**
 * The dev RS256 pair, generated once under .data/keys and reused. identity signs with the
 * private key (its `kid` is the key's thumbprint) and publishes the public half at
 * /.well-known/jwks.json, where every other service fetches it (JWT_JWKS_URL).
 */
export function jwtKeys() {
  mkdirp(DATA_DIR); // 0755: the postgres user may need to traverse it
  const dir = mkdirp(path.join(DATA_DIR, 'keys'), 0o700);
  const priv = path.join(dir, 'jwt-private.pem');
  const pub = path.join(dir, 'jwt-public.pem');
  if (!fs.existsSync(priv) || !fs.existsSync(pub)) {
    const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    fs.writeFileSync(priv, privateKey, { mode: 0o600 });
    fs.writeFileSync(pub, publicKey, { mode: 0o644 });
  }
  return { privateKey: fs.readFileSync(priv, 'utf8'), publicKey: fs.readFileSync(pub, 'utf8') };
}

/**
 * Environment of one service. `databases` maps service name → its database URL.
 * Every process also gets every service's URL (<NAME>_URL) for its clients.
 */
export function serviceEnv(svc, { databases, redisUrl, keys, busNamespace = 'manzil', extra = {}, ports }) {
  // `ports` (name → port): a system on other ports than npm start's (a bench beside a running one).
  const portOf = (s) => ports?.get(s.name) ?? s.port;
  const urls = {};
  for (const s of ALL) urls[`${s.name.toUpperCase()}_URL`] = `http://127.0.0.1:${portOf(s)}`;
  const env = {
    ...process.env,
    ...urls,
    PORT: String(portOf(svc)),
    REDIS_URL: redisUrl,
    BUS_NAMESPACE: busNamespace,
    // identity's key set; tokens are verified with the key their kid names (nest-kit).
    JWT_JWKS_URL: `${urls.IDENTITY_URL}/.well-known/jwks.json`,
    NODE_ENV: 'development',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    FORCE_COLOR: process.stdout.isTTY ? '1' : '0',
    DEMO_LOGINS_FILE: path.join(DATA_DIR, 'demo-logins.json'),
    ...extra,
  };
  const identityUrl = urls.IDENTITY_URL;
  // Only identity signs tokens.
  if (svc.name === 'identity') env.JWT_PRIVATE_KEY = keys.privateKey;
  else delete env.JWT_PRIVATE_KEY;
  const e2e = Object.values(databases ?? {}).some((url) => /\/manzil_e2e_/.test(String(url)));
  if (svc.name === 'sandbox') {
    // Approvals in the sandbox's Nafath reach identity (the provider's signed callback).
    env.NAFATH_CALLBACK_URL ??= `${identityUrl}/v1/nafath/callback`;
    // Stripe's webhooks reach payments. The hosted checkout page is the sandbox's own origin, as
    // Stripe's is: behind the gateway, its CSP (form-action 'self') would stop the page's
    // redirect back to the site.
    env.STRIPE_WEBHOOK_URL ??= `${urls.PAYMENTS_URL}/v1/payments/stripe/webhook`;
  }
  if (svc.name === 'payments') {
    // The official Stripe client talks to the sandbox (same API), never to Stripe, outside production.
    env.STRIPE_API_URL ??= urls.SANDBOX_URL;
  }
  if (svc.name === 'identity' && e2e) {
    // Every browser test comes from 127.0.0.1: the per-IP limit (30/min) would throttle the
    // suite itself. The per-mobile limits stay as they are (each journey uses its own numbers).
    env.RATE_LIMIT_PER_IP ??= '2000';
  }
  if (svc.name === 'gateway' && e2e) {
    // The same for the gateway's per-IP limit (600/min): two browsers loading every page with
    // its images count far more than one person does.
    env.RATE_LIMIT_PER_MINUTE ??= '20000';
  }
  if (svc.name === 'gateway') {
    env.FRONTENDS_DIR = path.join(ROOT, 'frontends');
    delete env.DATABASE_URL;
  } else if (databases?.[svc.name]) {
    env.DATABASE_URL = databases[svc.name];
  } else {
    delete env.DATABASE_URL;
  }
  env.NODE_OPTIONS = SERVICE_NODE_OPTIONS; // the services' own, never the test runner's
  return env;
}
