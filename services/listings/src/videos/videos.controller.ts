import {
  Controller,
  Get,
  Header,
  HttpCode,
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
import type { UploadedPart } from '../media/multipart.js';
import { VideoUploadInterceptor } from './video-upload.interceptor.js';
import { VideosService } from './videos.service.js';

export const videoFileParamsSchema = z.object({ id: z.uuid() });

@Controller()
export class VideosController {
  constructor(private readonly videos: VideosService) {}

  /** Multipart `file`: one mp4 under 50 MB; the listing keeps at most 2 videos (links included). */
  @Post('v1/properties/:id/videos')
  @Roles('agent', 'company')
  @HttpCode(201)
  @UseInterceptors(VideoUploadInterceptor)
  add(
    @Param(new ZodPipe(propertyIdParamsSchema)) params: { id: string },
    @UploadedFile() file: UploadedPart | undefined,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.videos.upload(user, site, params.id, file);
  }

  /**
   * The bytes of an uploaded video, cached for a year: a video id never names other bytes.
   * Byte ranges are served (206 with `Content-Range`; 416 for a range past the end): Safari
   * plays an mp4 only from ranges, and every browser seeks with them. Several ranges in one
   * request are answered with the whole file, as HTTP allows.
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
    const object = await this.videos.read(params.id);
    if (!object) throw new AppException('NOT_FOUND');
    const size = object.body.length;
    const ranges = request.headers.range ? request.range(size, { combine: true }) : undefined;
    response.type('video/mp4');
    if (ranges === -1) {
      response.status(416).set('Content-Range', `bytes */${size}`).end();
      return;
    }
    if (Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1) {
      const [{ start, end }] = ranges;
      response
        .status(206)
        .set('Content-Range', `bytes ${start}-${end}/${size}`)
        .send(object.body.subarray(start, end + 1));
      return;
    }
    response.send(object.body);
  }
}
