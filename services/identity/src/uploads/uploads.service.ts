import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { fieldMessage, type Site } from '@manzil/contracts';
import { AppException, currentContext } from '@manzil/nest-kit';
import type { ServiceConfig } from '../config.js';
import { IDENTITY_CONFIG } from '../shared/config.token.js';
import { uploadUrl } from '../accounts/account-profile.js';
import { imageTypeOf, MAX_IMAGE_BYTES } from './image-type.js';
import { Upload } from './upload.entity.js';

/** `<repo>/.data/uploads`: this file is `services/identity/{src,dist}/uploads/…`. */
const DEFAULT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../.data/uploads');

export function fileError(key: 'file.required' | 'file.type' | 'file.size'): AppException {
  return new AppException('VALIDATION_FAILED', 422, [
    { field: 'file', message: fieldMessage(key, currentContext()?.language ?? 'en') },
  ]);
}

/** Pictures and logos on disk (UPLOADS_DIR), their type and size in `uploads`. */
@Injectable()
export class UploadsService {
  private readonly dir: string;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(IDENTITY_CONFIG) private readonly config: ServiceConfig,
  ) {
    this.dir = config.UPLOADS_DIR ?? DEFAULT_DIR;
  }

  /** Keeps an image checked by its bytes (jpeg, png, gif) and size (< 2 MB); 422 on the `file` field otherwise. */
  async store(
    site: Site,
    file: { buffer: Buffer; size: number } | undefined,
  ): Promise<{ id: string; url: string }> {
    if (!file) throw fileError('file.required');
    if (file.size >= MAX_IMAGE_BYTES) throw fileError('file.size');
    const contentType = imageTypeOf(file.buffer);
    if (!contentType) throw fileError('file.type');
    const upload = this.dataSource.getRepository(Upload).create({ site, contentType, size: file.size });
    await this.dataSource.getRepository(Upload).save(upload);
    await mkdir(this.dir, { recursive: true });
    await writeFile(join(this.dir, upload.id), file.buffer);
    return { id: upload.id, url: uploadUrl(this.config.PUBLIC_PATH, upload.id) };
  }

  async read(site: Site, id: string): Promise<{ upload: Upload; bytes: Buffer } | null> {
    const upload = await this.dataSource.getRepository(Upload).findOneBy({ site, id });
    if (!upload) return null;
    try {
      return { upload, bytes: await readFile(join(this.dir, upload.id)) };
    } catch {
      return null;
    }
  }

  /** An upload of the site that a form refers to (picture, logo), or null. */
  find(site: Site, id: string, manager: EntityManager = this.dataSource.manager): Promise<Upload | null> {
    return manager.findOneBy(Upload, { site, id });
  }

  async remove(id: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.delete(Upload, { id });
    await rm(join(this.dir, id), { force: true });
  }
}
