import { Controller, Get, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Public, sendImageFile } from '@manzil/nest-kit';
import { DEMO_MEDIA_DIR } from './demo-media.js';

/** Serves the demo photos: there is no object storage in development, and no internet. */
@Controller('v1/media/demo')
export class DemoMediaController {
  @Get(':file')
  @Public()
  async file(@Param('file') file: string, @Res() response: Response): Promise<void> {
    await sendImageFile(response, DEMO_MEDIA_DIR, file);
  }
}
