import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Observable } from 'rxjs';
import { fieldMessage, PHOTO_LIMITS } from '@manzil/contracts';
import { AppException, currentContext } from '@manzil/nest-kit';
import { memoryMultipart, readMultipart, type UploadedPart } from '../media/multipart.js';

/** An uploaded photo as multer leaves it in memory. */
export type UploadedPhoto = UploadedPart;

const photos = memoryMultipart({
  fileSize: PHOTO_LIMITS.maxBytes,
  // One more than allowed, so an 11th file is told apart from a broken request.
  files: PHOTO_LIMITS.maxPerSelection + 1,
}).array('files', PHOTO_LIMITS.maxPerSelection);

export const photoError = (key: string) =>
  new AppException('VALIDATION_FAILED', 422, [
    { field: 'files', message: fieldMessage(key, currentContext()?.language ?? 'en') },
  ]);

/**
 * Reads the multipart `files` (at most 10 per selection, each under 2 MB) into memory; a file
 * too big or one too many is a 422 on the field (a 413 could not be placed on the form).
 */
@Injectable()
export class PhotoUploadInterceptor implements NestInterceptor {
  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    await readMultipart(context, photos, (code) =>
      photoError(
        code === 'LIMIT_FILE_SIZE'
          ? 'file.size'
          : code === 'LIMIT_FILE_COUNT' || code === 'LIMIT_UNEXPECTED_FILE'
            ? 'photo.count'
            : 'file.required',
      ),
    );
    return next.handle();
  }
}
