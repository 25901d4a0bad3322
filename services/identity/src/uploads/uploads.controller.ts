import {
  Controller,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Post,
  Res,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import type { Response } from 'express';
import type { Site } from '@manzil/contracts';
import { AppException, CurrentSite, Public } from '@manzil/nest-kit';
import { ClientIp } from '../shared/client-ip.js';
import { RateLimiter } from '../shared/rate-limiter.js';
import { ImageUploadInterceptor, type UploadedImage } from './image-upload.interceptor.js';
import { UploadsService } from './uploads.service.js';

@Controller('v1/uploads')
export class UploadsController {
  constructor(
    private readonly uploads: UploadsService,
    private readonly limiter: RateLimiter,
  ) {}

  /** No login needed (registration forms upload first): limited per IP instead. */
  @Post()
  @Public()
  @HttpCode(201)
  @UseInterceptors(ImageUploadInterceptor)
  async upload(
    @CurrentSite() site: Site,
    @ClientIp() ip: string,
    @UploadedFile() file: UploadedImage | undefined,
  ): Promise<{ id: string; url: string }> {
    await this.limiter.hit('upload', { site, ip });
    return this.uploads.store(site, file);
  }

  /** The bytes, as stored; never sniffed by the browser as anything else. */
  @Get(':id')
  @Public()
  async serve(
    @CurrentSite() site: Site,
    @Param('id', new ParseUUIDPipe({ exceptionFactory: () => new AppException('NOT_FOUND') })) id: string,
    @Res() response: Response,
  ): Promise<void> {
    const found = await this.uploads.read(site, id);
    if (!found) throw new AppException('NOT_FOUND');
    response
      .status(200)
      .set({
        'content-type': found.upload.contentType,
        'content-length': String(found.bytes.length),
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'",
      })
      .end(found.bytes);
  }
}
