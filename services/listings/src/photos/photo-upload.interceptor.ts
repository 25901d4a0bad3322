import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { createRequire } from 'node:module';
import type { Observable } from 'rxjs';
import { fieldMessage, PHOTO_LIMITS } from '@manzil/contracts';
import { AppException, currentContext } from '@manzil/nest-kit';

/** An uploaded part as multer leaves it in memory. */
export interface UploadedPhoto {
  buffer: Buffer;
  size: number;
  originalname: string;
}

type Middleware = (request: Request, response: Response, done: (error: unknown) => void) => void;
interface MulterFactory {
  (options: { storage: unknown; limits: { fileSize: number; files: number } }): {
    array(field: string, max: number): Middleware;
  };
  memoryStorage(): unknown;
}
// multer ships no types (and @types/multer is not installed): the little used here is typed above.
const multer = createRequire(import.meta.url)('multer') as MulterFactory;

const photos = multer({
  storage: multer.memoryStorage(),
  // One more than allowed, so an 11th file is told apart from a broken request.
  limits: { fileSize: PHOTO_LIMITS.maxBytes, files: PHOTO_LIMITS.maxPerSelection + 1 },
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
    const http = context.switchToHttp();
    await new Promise<void>((resolve, reject) => {
      photos(http.getRequest<Request>(), http.getResponse<Response>(), (error: unknown) => {
        if (!error) return resolve();
        const code = (error as { code?: string }).code;
        reject(
          photoError(
            code === 'LIMIT_FILE_SIZE'
              ? 'file.size'
              : code === 'LIMIT_FILE_COUNT' || code === 'LIMIT_UNEXPECTED_FILE'
                ? 'photo.count'
                : 'file.required',
          ),
        );
      });
    });
    return next.handle();
  }
}
