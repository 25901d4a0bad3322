import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Controller, Get, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { contentMediaUrl } from '@manzil/contracts';
import { AppException, Roles } from '@manzil/nest-kit';
import { MEDIA_DIR, mediaContentType } from './media.js';

/** Serves the blog covers, community and banner art: there is no object storage in development. */
@Controller('v1')
export class MediaController {
  @Get('media/:file')
  async file(@Param('file') file: string, @Res() response: Response): Promise<void> {
    const contentType = mediaContentType(file);
    if (!contentType) throw new AppException('NOT_FOUND');
    let body: Buffer;
    try {
      body = await readFile(join(MEDIA_DIR, file));
    } catch {
      throw new AppException('NOT_FOUND');
    }
    response.set({
      'content-type': contentType,
      'cache-control': 'public, max-age=86400',
      'x-content-type-options': 'nosniff',
      // An SVG opened on its own must not run anything.
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    });
    response.send(body);
  }

  /** The images an admin can pick as a cover or banner. */
  @Get('admin/media')
  @Roles('admin')
  async list() {
    const files = (await readdir(MEDIA_DIR)).filter((file) => mediaContentType(file)).sort();
    return files.map((file) => ({ file, url: contentMediaUrl(file) }));
  }
}
