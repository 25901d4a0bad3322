import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  Param,
  Post,
  Put,
  Res,
  UploadedFiles,
  UseInterceptors,
  HttpCode,
} from '@nestjs/common';
import type { Response } from 'express';
import { z } from 'zod';
import {
  photoOrderRequestSchema,
  PHOTO_SIZES,
  propertyIdParamsSchema,
  type PhotoSize,
  type Site,
} from '@manzil/contracts';
import {
  AppException,
  CurrentSite,
  CurrentUser,
  Public,
  Roles,
  ZodPipe,
  type AuthUser,
} from '@manzil/nest-kit';
import { PhotoUploadInterceptor, type UploadedPhoto } from './photo-upload.interceptor.js';
import { PhotosService } from './photos.service.js';

export const photoParamsSchema = z.object({ id: z.uuid(), photoId: z.uuid() });
export const photoFileParamsSchema = z.object({
  id: z.uuid(),
  size: z.enum(Object.keys(PHOTO_SIZES) as [PhotoSize, ...PhotoSize[]]),
});

@Controller()
export class PhotosController {
  constructor(private readonly photos: PhotosService) {}

  @Post('v1/properties/:id/photos')
  @Roles('agent', 'company')
  @HttpCode(201)
  @UseInterceptors(PhotoUploadInterceptor)
  add(
    @Param(new ZodPipe(propertyIdParamsSchema)) params: { id: string },
    @UploadedFiles() files: UploadedPhoto[] | undefined,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.photos.add(user, site, params.id, files);
  }

  @Delete('v1/properties/:id/photos/:photoId')
  @Roles('agent', 'company')
  remove(
    @Param(new ZodPipe(photoParamsSchema)) params: z.infer<typeof photoParamsSchema>,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.photos.remove(user, site, params.id, params.photoId);
  }

  @Put('v1/properties/:id/photos/order')
  @Roles('agent', 'company')
  reorder(
    @Param(new ZodPipe(propertyIdParamsSchema)) params: { id: string },
    @Body(new ZodPipe(photoOrderRequestSchema)) body: { ids: string[] },
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.photos.reorder(user, site, params.id, body.ids);
  }

  /** The bytes of a size (webp), cached for a year: a photo id never names other bytes. */
  @Get('v1/media/photos/:id/:size')
  @Public()
  @Header('Cache-Control', 'public, max-age=31536000, immutable')
  @Header('X-Content-Type-Options', 'nosniff')
  async file(
    @Param(new ZodPipe(photoFileParamsSchema)) params: z.infer<typeof photoFileParamsSchema>,
    @Res() response: Response,
  ): Promise<void> {
    const object = await this.photos.read(params.id, params.size);
    if (!object) throw new AppException('NOT_FOUND');
    response.type('image/webp').send(object.body);
  }
}
