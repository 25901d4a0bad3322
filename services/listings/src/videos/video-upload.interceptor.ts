import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Observable } from 'rxjs';
import { fieldMessage, VIDEO_LIMITS } from '@manzil/contracts';
import { AppException, currentContext } from '@manzil/nest-kit';
import { memoryMultipart, readMultipart } from '../media/multipart.js';

const videos = memoryMultipart({ fileSize: VIDEO_LIMITS.maxBytes, files: 1 }).single('file');

export const videoError = (key: string) =>
  new AppException('VALIDATION_FAILED', 422, [
    { field: 'videos', message: fieldMessage(key, currentContext()?.language ?? 'en') },
  ]);

/** Reads the multipart `file` (one mp4, under 50 MB) into memory; a refusal is a 422 on `videos`. */
@Injectable()
export class VideoUploadInterceptor implements NestInterceptor {
  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    await readMultipart(context, videos, (code) =>
      videoError(code === 'LIMIT_FILE_SIZE' ? 'video.size' : 'file.required'),
    );
    return next.handle();
  }
}
