import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Controller, Get, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { AppException } from '@manzil/nest-kit';
import { DEMO_MEDIA_DIR, demoContentType } from './demo-media.js';

/** Serves the demo photos: there is no object storage in development, and no internet. */
@Controller('v1/media/demo')
export class DemoMediaController {
  @Get(':file')
  async file(@Param('file') file: string, @Res() response: Response): Promise<void> {
    const contentType = demoContentType(file);
    if (!contentType) throw new AppException('NOT_FOUND');
    let body: Buffer;
    try {
      body = await readFile(join(DEMO_MEDIA_DIR, file));
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
    // Express adds an ETag and answers a matching If-None-Match with 304.
    response.send(body);
  }
}
