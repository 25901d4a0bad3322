import { describe, expect, it } from '@jest/globals';
import { QueryObserver } from '@tanstack/react-query';
import { createQueryClient, refetchAfterWrite } from './query-client.js';

/**
 * A server whose state a write changes, and a list read that starts before the write commits
 * and is answered after: what the admin's refund met when the list's filter changed meanwhile.
 */
async function raceAWrite(afterWrite: (client: ReturnType<typeof createQueryClient>) => Promise<unknown>) {
  const client = createQueryClient();
  let status = 'paid';
  let fetches = 0;
  const observer = new QueryObserver(client, {
    queryKey: ['payments', 'list', { status: 'all' }],
    queryFn: async () => {
      fetches += 1;
      const read = status; // read now, answered later
      await new Promise((resolve) => setTimeout(resolve, 30));
      return read;
    },
  });
  const seen: unknown[] = [];
  const unsubscribe = observer.subscribe((result) => seen.push(result.data));
  await new Promise((resolve) => setTimeout(resolve, 5)); // the first read is under way
  status = 'refunded'; // the write commits
  await afterWrite(client);
  await new Promise((resolve) => setTimeout(resolve, 80));
  unsubscribe();
  client.clear();
  return { shown: observer.getCurrentResult().data, fetches, seen };
}

describe('refetchAfterWrite', () => {
  it('a plain invalidation joins the read under way and leaves what it read before the write', async () => {
    const { shown, fetches } = await raceAWrite((client) =>
      client.invalidateQueries({ queryKey: ['payments'] }),
    );
    expect(fetches).toBe(1);
    expect(shown).toBe('paid');
  });

  it('cancels the read under way and asks again: the list shows the write', async () => {
    const { shown, fetches, seen } = await raceAWrite((client) => refetchAfterWrite(client, ['payments']));
    expect(fetches).toBe(2);
    expect(shown).toBe('refunded');
    expect(seen).not.toContain('paid');
  });
});
