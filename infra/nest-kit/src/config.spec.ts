import { describe, expect, it } from '@jest/globals';
import { baseEnvSchema, ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('names a missing variable in one line', () => {
    expect(() => loadConfig(baseEnvSchema, { PORT: '4000' })).toThrow(
      new ConfigError('configuration error: JWT_PUBLIC_KEY is missing'),
    );
  });

  it('names a variable with a wrong value', () => {
    expect(() => loadConfig(baseEnvSchema, { PORT: 'abc', JWT_PUBLIC_KEY: 'k' })).toThrow(/PORT: /);
  });

  it('applies defaults and coerces numbers', () => {
    const config = loadConfig(baseEnvSchema, { PORT: '4002', JWT_PUBLIC_KEY: 'k' });
    expect(config).toMatchObject({ PORT: 4002, NODE_ENV: 'development', LOG_LEVEL: 'info' });
  });
});
