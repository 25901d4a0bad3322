import { pipeline } from 'node:stream/promises';
import {
  Controller,
  Get,
  Header,
  HttpCode,
  Logger,
  Param,
  Post,
  Req,
  Res,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { propertyIdParamsSchema, type Site } from '@manzil/contracts';
import {
  AppException,
  CurrentSite,
  CurrentUser,
  Public,
  Roles,
  ZodPipe,
  type AuthUser,
} from '@manzil/nest-kit';
import type { UploadedFilePart } from '../media/multipart.js';
import { VideoUploadInterceptor } from './video-upload.interceptor.js';
import { VideosService } from './videos.service.js';

export const videoFileParamsSchema = z.object({ id: z.uuid() });

@Controller()
export class VideosController {
  private readonly logger = new Logger('videos');

  constructor(private readonly videos: VideosService) {}

  /** Multipart `file`: one mp4 under 50 MB; the listing keeps at most 2 videos (links included). */
  @Post('v1/properties/:id/videos')
  @Roles('agent', 'company')
  @HttpCode(201)
  @UseInterceptors(VideoUploadInterceptor)
  add(
    @Param(new ZodPipe(propertyIdParamsSchema)) params: { id: string },
    @UploadedFile() file: UploadedFilePart | undefined,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.videos.upload(user, site, params.id, file);
  }

  /**
   * The bytes of an uploaded video, cached for a year: a video id never names other bytes (so
   * the id is its ETag). Byte ranges are served (206 with `Content-Range`; 416 for a range past
   * the end): Safari plays an mp4 only from ranges, and every browser seeks with them. Several
   * ranges in one request are answered with the whole file, as HTTP allows. The bytes are piped
   * from the storage as they come (a stat for the size, then a stream of the range): nothing
   * holds the whole file.
   */
  @Get('v1/media/videos/:id')
  @Public()
  @Header('Cache-Control', 'public, max-age=31536000, immutable')
  @Header('X-Content-Type-Options', 'nosniff')
  @Header('Accept-Ranges', 'bytes')
  async file(
    @Param(new ZodPipe(videoFileParamsSchema)) params: z.infer<typeof videoFileParamsSchema>,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const info = await this.videos.stat(params.id);
    if (!info) throw new AppException('NOT_FOUND');
    const { size } = info;
    const ranges = request.headers.range ? request.range(size, { combine: true }) : undefined;
    response.type('video/mp4').set('ETag', `"${params.id}"`);
    if (request.fresh) {
      response.status(304).end();
      return;
    }
    if (ranges === -1) {
      response.status(416).set('Content-Range', `bytes */${size}`).end();
      return;
    }
    const range =
      Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1 ? ranges[0] : undefined;
    if (range) response.status(206).set('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
    response.set('Content-Length', String(range ? range.end - range.start + 1 : size));
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    const video = await this.videos.open(params.id, range);
    if (!video) {
      // Removed since the stat: a plain 404, without the headers of the video.
      for (const name of ['ETag', 'Content-Range', 'Content-Length']) response.removeHeader(name);
      throw new AppException('NOT_FOUND');
    }
    try {
      await pipeline(video.body, response);
    } catch (error) {
      // A viewer who leaves mid-video closes the response: not a failure of ours.
      if ((error as { code?: string }).code !== 'ERR_STREAM_PREMATURE_CLOSE') {
        this.logger.error({ err: error, video: params.id }, 'serving a video failed');
      }
    }
  }
}
