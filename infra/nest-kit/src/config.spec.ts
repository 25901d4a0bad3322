import { describe, expect, it } from '@jest/globals';
import { baseEnvSchema, ConfigError, dataEnvSchema, loadConfig, requireInProduction } from './config.js';

describe('loadConfig', () => {
  it('names a missing variable in one line', () => {
    expect(() => loadConfig(baseEnvSchema, {})).toThrow(
      new ConfigError('configuration error: PORT is missing'),
    );
    expect(() =>
      loadConfig(dataEnvSchema, { PORT: '4002', DATABASE_URL: 'postgres://h/db', REDIS_URL: 'redis://h' }),
    ).toThrow(new ConfigError('configuration error: JWT_JWKS_URL is missing'));
  });

  it('names a variable with a wrong value', () => {
    expect(() => loadConfig(baseEnvSchema, { PORT: 'abc' })).toThrow(/PORT: /);
  });

  it('applies defaults and coerces numbers', () => {
    expect(loadConfig(baseEnvSchema, { PORT: '4002' })).toMatchObject({
      PORT: 4002,
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
    });
    const config = loadConfig(dataEnvSchema, {
      PORT: '4002',
      DATABASE_URL: 'postgres://h/db',
      REDIS_URL: 'redis://h',
      JWT_JWKS_URL: 'http://identity:4001/.well-known/jwks.json',
    });
    expect(config).toMatchObject({
      JWT_ISSUER: 'manzil-identity',
      JWT_AUDIENCE: 'manzil',
      AUTH_REDIS_GRACE_SECONDS: 30,
    });
  });
});

describe('requireInProduction', () => {
  it('names every provider variable production lacks, and lets development use the sandbox', () => {
    const names = ['REGA_URL', 'REGA_CLIENT_ID'] as const;
    expect(() => requireInProduction({ NODE_ENV: 'production', REGA_URL: 'https://x' }, names)).toThrow(
      new ConfigError('configuration error: REGA_CLIENT_ID is missing'),
    );
    expect(() => requireInProduction({ NODE_ENV: 'production' }, names)).toThrow(
      new ConfigError('configuration error: REGA_URL is missing; REGA_CLIENT_ID is missing'),
    );
    expect(() => requireInProduction({ NODE_ENV: 'development' }, names)).not.toThrow();
  });
});
