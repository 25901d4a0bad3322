import {
  type DynamicModule,
  Global,
  Inject,
  Injectable,
  Logger,
  Module,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { BullModule, InjectQueue, Processor } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { ServiceJobWorker } from '@manzil/nest-kit/jobs';
import { createObjectStorage, OBJECT_STORAGE } from '@manzil/storage';
import { LISTING_JOBS } from '../ad-licence/licence-expiry.job.js';
import type { ServiceConfig } from '../config.js';
import { DEFAULT_MEDIA_DIR } from '../photos/photos.service.js';
import { STORAGE_CLEANUP_SETTINGS, StorageCleanup, type SweepReport } from './storage-cleanup.js';

export const UPLOAD_SWEEP_QUEUE = 'upload-sweep';
const SCHEDULER_ID = 'sweep-uploads';
const SWEEP_EVERY = Symbol('UPLOAD_SWEEP_EVERY_MS');

/**
 * The sweep of abandoned uploads and failed removals (`StorageCleanup.sweep`): one repeatable
 * BullMQ job (a job scheduler upserted under a fixed id, so replicas and restarts share one
 * schedule) every `UPLOAD_SWEEP_EVERY_MS` (0: none), and one run at start, not awaited by the
 * boot (what a crash left goes without waiting for the first repeat).
 */
@Injectable()
export class UploadSweepScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger('upload-sweep');

  constructor(
    @InjectQueue(UPLOAD_SWEEP_QUEUE) private readonly queue: Queue,
    @Inject(SWEEP_EVERY) private readonly every: number,
    private readonly cleanup: StorageCleanup,
  ) {}

  onApplicationBootstrap(): void {
    const scheduled =
      this.every > 0
        ? this.queue.upsertJobScheduler(
            SCHEDULER_ID,
            { every: this.every },
            { name: 'sweep', opts: { removeOnComplete: 100, removeOnFail: 100 } },
          )
        : this.queue.removeJobScheduler(SCHEDULER_ID);
    void scheduled.then(
      () => this.logger.log({ every: this.every, msg: 'upload sweep scheduled' }),
      (error: unknown) => this.logger.error({ error: String(error), msg: 'upload sweep not scheduled' }),
    );
    void this.cleanup.sweep().then(
      (report) => this.logger.log({ ...report, msg: 'upload sweep at start' }),
      (error: unknown) => this.logger.error({ error: String(error), msg: 'upload sweep at start failed' }),
    );
  }
}

@Processor({ name: UPLOAD_SWEEP_QUEUE, configKey: LISTING_JOBS })
export class UploadSweepProcessor extends ServiceJobWorker {
  constructor(private readonly cleanup: StorageCleanup) {
    super();
  }

  process(): Promise<SweepReport> {
    return this.cleanup.sweep();
  }
}

/** `StorageCleanup` for every module (photos, videos, documents, drafts, approval) and its sweep. */
@Global()
@Module({})
export class StorageCleanupModule {
  static forRoot(config: ServiceConfig): DynamicModule {
    return {
      module: StorageCleanupModule,
      imports: [BullModule.registerQueue({ name: UPLOAD_SWEEP_QUEUE, configKey: LISTING_JOBS })],
      providers: [
        { provide: OBJECT_STORAGE, useValue: createObjectStorage(config, { defaultDir: DEFAULT_MEDIA_DIR }) },
        { provide: STORAGE_CLEANUP_SETTINGS, useValue: { uploadMaxAgeMs: config.UPLOAD_MAX_AGE_MS } },
        { provide: SWEEP_EVERY, useValue: config.UPLOAD_SWEEP_EVERY_MS },
        StorageCleanup,
        UploadSweepScheduler,
        UploadSweepProcessor,
      ],
      exports: [StorageCleanup],
    };
  }
}
