import { describe, expect, it } from '@jest/globals';
import * as contracts from '../index.js';

/** Every string value of every `TOPICS` / `*_TOPICS` constant contracts export. */
function exportedTopicNames(): { constant: string; topic: string }[] {
  return Object.entries(contracts)
    .filter(([name, value]) => /(^|_)TOPICS$/.test(name) && typeof value === 'object' && value !== null)
    .flatMap(([constant, value]) =>
      Object.values(value as Record<string, unknown>)
        .filter((topic): topic is string => typeof topic === 'string')
        .map((topic) => ({ constant, topic })),
    );
}

describe('the one list of topics (TOPIC_LIST)', () => {
  it('holds every topic a contracts constant names, so production declares each one', () => {
    const declared = new Set(contracts.TOPIC_LIST.map((t) => t.name));
    const names = exportedTopicNames();
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter(({ topic }) => !declared.has(topic))).toEqual([]);
  });

  it('declares a dead-letter topic beside every topic, kept longer', () => {
    const byName = new Map(contracts.TOPIC_LIST.map((t) => [t.name, t]));
    for (const topic of Object.values(contracts.TOPICS)) {
      const dlq = byName.get(`${topic}.dlq`);
      expect(dlq).toBeDefined();
      expect(dlq!.retentionMs).toBeGreaterThan(byName.get(topic)!.retentionMs);
    }
    expect(contracts.TOPIC_LIST).toHaveLength(2 * Object.values(contracts.TOPICS).length);
  });

  it('lists each name once, with partitions to spread keys over', () => {
    const names = contracts.TOPIC_LIST.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    for (const t of contracts.TOPIC_LIST) expect(t.partitions).toBeGreaterThanOrEqual(1);
  });
});
