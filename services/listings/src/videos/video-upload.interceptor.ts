import { rm } from 'node:fs/promises';
import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { lastValueFrom, type Observable, of } from 'rxjs';
import { fieldMessage, VIDEO_LIMITS } from '@manzil/contracts';
import { AppException, currentContext } from '@manzil/nest-kit';
import { diskMultipart, readMultipart, type UploadedFilePart } from '../media/multipart.js';

const videos = diskMultipart({ fileSize: VIDEO_LIMITS.maxBytes, files: 1 }).single('file');

export const videoError = (key: string) =>
  new AppException('VALIDATION_FAILED', 422, [
    { field: 'videos', message: fieldMessage(key, currentContext()?.language ?? 'en') },
  ]);

/**
 * Reads the multipart `file` (one mp4, under 50 MB) into a temporary file, never whole into
 * memory; a refusal is a 422 on `videos`. The temporary file is removed before the answer is
 * sent, whatever the outcome (multer removes it itself when it refuses the upload).
 */
@Injectable()
export class VideoUploadInterceptor implements NestInterceptor {
  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    await readMultipart(context, videos, (code) =>
      videoError(code === 'LIMIT_FILE_SIZE' ? 'video.size' : 'file.required'),
    );
    const file = context.switchToHttp().getRequest<Request & { file?: UploadedFilePart }>().file;
    if (!file) return next.handle();
    try {
      // Awaited here, so the file is gone before the answer leaves.
      return of(await lastValueFrom(next.handle()));
    } finally {
      await rm(file.path, { force: true });
    }
  }
}
