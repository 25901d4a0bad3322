import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { uploadedVideoPath, VIDEO_LIMITS, type OwnedProperty, type Site } from '@manzil/contracts';
import type { AuthUser } from '@manzil/nest-kit';
import { OBJECT_STORAGE, type ByteRange, type ObjectStorage } from '@manzil/storage';
import { UpdateDraft } from '../drafts/update-draft.js';
import { findOwned } from '../drafts/who-may.js';
import type { UploadedFilePart } from '../media/multipart.js';
import { StorageCleanup, videoKey } from '../media/storage-cleanup.js';
import { videoError } from './video-upload.interceptor.js';

/**
 * An mp4 by its content: an ISO base media file opens with a `ftyp` box whose major brand is
 * one of the mp4 family (the file name and declared type are the client's word).
 */
export function isMp4(bytes: Buffer): boolean {
  if (bytes.length < 12 || bytes.subarray(4, 8).toString('latin1') !== 'ftyp') return false;
  const brand = bytes.subarray(8, 12).toString('latin1');
  return /^(isom|iso[2-9]|mp4[12v]|avc1|M4V |mmp4|dash|f4v )$/.test(brand);
}

/** The first bytes of a file, enough for `isMp4`. */
async function head(path: string, length = 12): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(length), 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/**
 * Uploaded videos of a listing (spec §5: at most 2, mp4, under 50 MB): the bytes are streamed
 * from the upload's temporary file to the object storage (never held whole in memory), then the video's path joins the draft's `videos` through `UpdateDraft` (its
 * audit row, `listing.updated`, and an accepted listing going back to approval as any edit
 * does); bytes whose save did not commit are removed, those of a video taken out of the
 * listing once no version of it shows the video any more (`UpdateDraft`, `ApproveProperty`).
 * Links and uploads count together.
 */
@Injectable()
export class VideosService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly updateDraft: UpdateDraft,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly cleanup: StorageCleanup,
  ) {}

  async upload(
    user: AuthUser,
    site: Site,
    propertyId: string,
    file: UploadedFilePart | undefined,
  ): Promise<OwnedProperty> {
    if (!file) throw videoError('file.required');
    if (!isMp4(await head(file.path))) throw videoError('video.type');
    // Refused early (not theirs, another site, two videos already) before any byte is stored.
    const property = await this.dataSource.transaction((manager) =>
      findOwned(manager, user, site, propertyId, false),
    );
    const videos = property.draft.videos ?? [];
    if (videos.length >= VIDEO_LIMITS.maxPerListing) throw videoError('video.count');
    const id = randomUUID();
    const uploadTicket = await this.cleanup.expectUpload([videoKey(id)]);
    try {
      const body = createReadStream(file.path);
      try {
        await this.storage.putStream(videoKey(id), body, 'video/mp4', file.size);
      } finally {
        body.destroy();
      }
      const patch = { videos: [...videos, uploadedVideoPath(id)] };
      return await this.updateDraft.execute({ user, site, propertyId, patch, sent: patch, uploadTicket });
    } catch (error) {
      await this.cleanup.abandon(uploadTicket);
      throw error;
    }
  }

  /** The stored video's size (and type), or null: what a range is checked against. */
  stat(id: string) {
    return this.storage.stat(videoKey(id));
  }

  /** The stored video's bytes as a stream (one range of them when given), or null. */
  open(id: string, range?: ByteRange) {
    return this.storage.getStream(videoKey(id), range);
  }
}
