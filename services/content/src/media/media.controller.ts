import { readdir } from 'node:fs/promises';
import { Controller, Get, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { contentMediaUrl } from '@manzil/contracts';
import { imageContentType, Public, Roles, sendImageFile } from '@manzil/nest-kit';
import { MEDIA_DIR } from './media.js';

/** Serves the blog covers, community and banner art: there is no object storage in development. */
@Controller('v1')
export class MediaController {
  @Get('media/:file')
  @Public()
  async file(@Param('file') file: string, @Res() response: Response): Promise<void> {
    await sendImageFile(response, MEDIA_DIR, file);
  }

  /** The images an admin can pick as a cover or banner. */
  @Get('admin/media')
  @Roles('admin')
  async list() {
    const files = (await readdir(MEDIA_DIR)).filter((file) => imageContentType(file)).sort();
    return files.map((file) => ({ file, url: contentMediaUrl(file) }));
  }
}
