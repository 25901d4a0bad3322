import { describe, expect, it } from '@jest/globals';
import { databaseName, withDatabase } from './database.js';

describe('database URLs', () => {
  it('swaps the database and keeps credentials, host and options', () => {
    const url = withDatabase('postgres://u:p@db.internal:6543/manzil_listings?sslmode=require', 'postgres');
    expect(url).toBe('postgres://u:p@db.internal:6543/postgres?sslmode=require');
    expect(databaseName(url)).toBe('postgres');
  });
});
