import { z } from 'zod';
import { SERVICES } from '@manzil/contracts';
import { dataEnvSchema } from '@manzil/nest-kit/base';

export const envSchema = dataEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(SERVICES.search.port),
  /** Set: the OpenSearch engine on this node serves search (README, "when to switch"); unset: Postgres. */
  OPENSEARCH_URL: z.url().optional(),
  /** Prefix of the OpenSearch indices (one set per deployment or test). */
  OPENSEARCH_INDEX_PREFIX: z
    .string()
    .regex(/^[a-z0-9_-]+$/)
    .default('manzil-search'),
  /**
   * Postgres cancels a statement of this service that runs longer (503 to the client, who has
   * given up by then): an uncached search over a million listings must not run on for tens of
   * seconds after its visitor left. 0: none. Not for the CLI (migrations build indexes).
   */
  SEARCH_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /** How often the saved-search digest job runs (a daily search gets at most one digest in 23 h). */
  SAVED_SEARCH_DIGEST_EVERY_MS: z.coerce.number().int().min(1_000).default(3_600_000),
});
export type ServiceConfig = z.infer<typeof envSchema>;
