import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  Param,
  Post,
  Res,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import type { Response } from 'express';
import { z } from 'zod';
import { propertyDocumentParamsSchema, propertyIdParamsSchema, type Site } from '@manzil/contracts';
import { CurrentSite, CurrentUser, Roles, ZodPipe, type AuthUser } from '@manzil/nest-kit';
import type { UploadedPart } from '../media/multipart.js';
import { DocumentUploadInterceptor } from './document-upload.interceptor.js';
import { DocumentsService } from './documents.service.js';

export const documentParamsSchema = propertyDocumentParamsSchema;

@Controller()
export class DocumentsController {
  constructor(private readonly documents: DocumentsService) {}

  /** Multipart `file` (jpeg or pdf by content, < 2 MB) and `title` → the listing as its owner reads it. */
  @Post('v1/properties/:id/documents/file')
  @Roles('agent', 'company')
  @HttpCode(201)
  @UseInterceptors(DocumentUploadInterceptor)
  upload(
    @Param(new ZodPipe(propertyIdParamsSchema)) params: { id: string },
    @UploadedFile() file: UploadedPart | undefined,
    @Body() body: { title?: unknown } | undefined,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.documents.upload(user, site, params.id, file, body?.title);
  }

  /** Removes a document of an own listing → the listing as its owner reads it. */
  @Delete('v1/properties/:id/documents/:documentId')
  @Roles('agent', 'company')
  remove(
    @Param(new ZodPipe(documentParamsSchema)) params: z.infer<typeof documentParamsSchema>,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.documents.remove(user, site, params.id, params.documentId);
  }

  /** The file itself (not the envelope), to download: private, never cached by a shared cache. */
  @Get('v1/owner/properties/:id/documents/:documentId/file')
  @Roles('agent', 'company', 'admin')
  @Header('Cache-Control', 'private, no-store')
  @Header('X-Content-Type-Options', 'nosniff')
  async file(
    @Param(new ZodPipe(documentParamsSchema)) params: z.infer<typeof documentParamsSchema>,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
    @Res() response: Response,
  ): Promise<void> {
    const document = await this.documents.read(user, site, params.id, params.documentId);
    response.type(document.contentType).attachment(document.fileName).send(document.body);
  }
}
