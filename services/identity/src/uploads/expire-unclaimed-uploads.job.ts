import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Upload } from './upload.entity.js';
import { UploadsService, uploadKey } from './uploads.service.js';

const BATCH = 200;

/**
 * Deletes the uploads nobody claimed before their `expires_at` (pictures and logos sent by
 * a register or add-agent form that was never completed): rows and bytes. `execute(now)` is
 * the whole job; the BullMQ worker only calls it. Rows are taken FOR UPDATE SKIP LOCKED and
 * only while still unclaimed, so a claim racing the job wins or waits, never half-loses.
 */
@Injectable()
export class ExpireUnclaimedUploads {
  private readonly logger = new Logger('expire-unclaimed-uploads');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly uploads: UploadsService,
  ) {}

  /** Returns how many uploads were deleted. */
  async execute(now: Date): Promise<number> {
    let total = 0;
    for (;;) {
      const expired = await this.dataSource.transaction(async (manager) => {
        const due = await manager
          .createQueryBuilder(Upload, 'upload')
          .select('upload.id', 'id')
          .where('upload.owner_id IS NULL AND upload.expires_at <= :now', { now })
          .orderBy('upload.expires_at', 'ASC')
          .limit(BATCH)
          .setLock('pessimistic_write')
          .setOnLocked('skip_locked')
          .getRawMany<{ id: string }>();
        if (due.length)
          await manager.delete(
            Upload,
            due.map(({ id }) => id),
          );
        return due.map(({ id }) => id);
      });
      // The rows are gone (nothing serves them); the bytes follow.
      for (const id of expired) await this.uploads.deleteBytes(uploadKey(id));
      total += expired.length;
      if (expired.length < BATCH) break;
    }
    if (total > 0) this.logger.log({ total }, 'unclaimed uploads deleted');
    return total;
  }
}
