import { type BeforeApplicationShutdown, type DynamicModule, Logger } from '@nestjs/common';
import { BullModule, WorkerHost } from '@nestjs/bullmq';
import type { JobsOptions } from 'bullmq';

/**
 * What a service's own BullMQ jobs share (auctions' closing, listings' licence expiry): the
 * queue connection beside (not among) the bus's keys, a job due at a moment, a catch-up on start,
 * and a worker that finishes its job before the database closes. `@manzil/nest-kit/jobs`, apart
 * from the kit's main entry, so services without jobs do not load BullMQ.
 */

/** The BullMQ root of a service's jobs, keys under `bull:<namespace>:<service>-jobs`. */
export function serviceJobsModule(
  configKey: string,
  { redisUrl, namespace, service }: { redisUrl: string; namespace: string; service: string },
): DynamicModule {
  return BullModule.forRoot(configKey, {
    connection: { url: redisUrl },
    prefix: `bull:${namespace}:${service}-jobs`,
  });
}

/**
 * A job due at `at` (now when `at` has passed). The id names the thing and the moment, so
 * scheduling it again, from any replica or after a restart, is one job; a thing moved to
 * another moment gets another job, which finds the old moment gone and does nothing. A job
 * that ran early (clocks apart) throws and is retried: 1 s, 2 s, 4 s …
 */
export function jobDueAt(jobId: string, at: Date): JobsOptions {
  return {
    jobId: `${jobId}-${at.getTime()}`,
    delay: Math.max(0, at.getTime() - Date.now()),
    removeOnComplete: 1_000,
    removeOnFail: 1_000,
    attempts: 8,
    backoff: { type: 'exponential', delay: 1_000 },
  };
}

/**
 * Schedules again every job a service owes on start (those whose moment passed while it was
 * down run now). Not awaited by the boot: a failure is logged and the next start retries.
 */
export function catchUpOnStart(logger: Logger, what: string, catchUp: () => Promise<number>): void {
  void catchUp().then(
    (count) => logger.log({ count, msg: `${what} scheduled` }),
    (error: unknown) => logger.error({ error: String(error), msg: `${what} not scheduled` }),
  );
}

/** A job's worker that lets a running job finish before the application (and its database) closes. */
export abstract class ServiceJobWorker extends WorkerHost implements BeforeApplicationShutdown {
  async beforeApplicationShutdown(): Promise<void> {
    await this.worker.close();
  }
}
