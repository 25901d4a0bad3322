import { InjectQueue, BullModule, Processor, WorkerHost } from '@nestjs/bullmq';
import {
  type DynamicModule,
  Inject,
  Injectable,
  Logger,
  Module,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { ServiceConfig } from '../config.js';
import { IDENTITY_CONFIG } from '../shared/config.token.js';
import { ExpireUnclaimedUploads } from './expire-unclaimed-uploads.job.js';

export const UPLOADS_QUEUE = 'identity-uploads';
export const EXPIRE_UPLOADS_JOB = 'expire-unclaimed-uploads';
/** identity's own BullMQ configuration, so another module's BullModule.forRoot cannot collide with it. */
const BULL_CONFIG = 'identity-jobs';

/** ioredis options from REDIS_URL; BullMQ's workers need `maxRetriesPerRequest: null`. */
export function bullConnection(url: string) {
  const parsed = new URL(url);
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 6379),
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0,
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
}

/** Runs the job when BullMQ hands it over (one replica at a time: a job goes to one worker). */
@Processor({ name: UPLOADS_QUEUE, configKey: BULL_CONFIG })
export class UploadsProcessor extends WorkerHost {
  constructor(private readonly expire: ExpireUnclaimedUploads) {
    super();
  }

  async process(): Promise<{ deleted: number }> {
    return { deleted: await this.expire.execute(new Date()) };
  }
}

/**
 * Schedules the job with a BullMQ job scheduler (upserted by id at boot, so replicas share
 * one schedule instead of one timer each); UPLOAD_EXPIRY_JOB_EVERY_MS = 0 schedules nothing.
 */
@Injectable()
export class UploadExpirySchedule implements OnApplicationBootstrap {
  private readonly logger = new Logger('expire-unclaimed-uploads');

  constructor(
    @InjectQueue(UPLOADS_QUEUE) readonly queue: Queue,
    @Inject(IDENTITY_CONFIG) private readonly config: ServiceConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const every = this.config.UPLOAD_EXPIRY_JOB_EVERY_MS;
    if (every <= 0) return;
    await this.queue.upsertJobScheduler(
      EXPIRE_UPLOADS_JOB,
      { every },
      { name: EXPIRE_UPLOADS_JOB, opts: { removeOnComplete: 100, removeOnFail: 100 } },
    );
    this.logger.log({ every }, 'unclaimed uploads: job scheduled');
  }
}

/** The expiry of unclaimed uploads on BullMQ (Redis under `<BUS_NAMESPACE>:identity:bull`). */
@Module({})
export class UploadExpiryModule {
  static forRoot(config: ServiceConfig): DynamicModule {
    return {
      module: UploadExpiryModule,
      imports: [
        BullModule.forRoot(BULL_CONFIG, {
          connection: bullConnection(config.REDIS_URL),
          prefix: `${config.BUS_NAMESPACE}:identity:bull`,
        }),
        BullModule.registerQueue({ name: UPLOADS_QUEUE, configKey: BULL_CONFIG }),
      ],
      providers: [ExpireUnclaimedUploads, UploadsProcessor, UploadExpirySchedule],
      exports: [ExpireUnclaimedUploads, UploadExpirySchedule],
    };
  }
}
