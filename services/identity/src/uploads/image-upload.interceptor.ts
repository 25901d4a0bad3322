import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { createRequire } from 'node:module';
import type { Observable } from 'rxjs';
import { MAX_IMAGE_BYTES } from './image-processing.js';
import { fileError } from './uploads.service.js';

/** The uploaded part as multer leaves it in memory. */
export interface UploadedImage {
  buffer: Buffer;
  size: number;
  mimetype: string;
  originalname: string;
}

type Middleware = (request: Request, response: Response, done: (error: unknown) => void) => void;
interface MulterFactory {
  (options: { storage: unknown; limits: { fileSize: number; files: number } }): {
    single(field: string): Middleware;
  };
  memoryStorage(): unknown;
}
// multer ships no types (and @types/multer is not installed): the little used here is typed above.
const multer = createRequire(import.meta.url)('multer') as MulterFactory;

const single = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_IMAGE_BYTES, files: 1 },
}).single('file');

/**
 * Reads the multipart `file` into memory, stopping at 2 MB: a bigger file is a 422 on the
 * field (Nest's FileInterceptor would answer 413, which the forms cannot place on a field).
 */
@Injectable()
export class ImageUploadInterceptor implements NestInterceptor {
  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    await new Promise<void>((resolve, reject) => {
      single(http.getRequest<Request>(), http.getResponse<Response>(), (error: unknown) => {
        if (!error) return resolve();
        const code = (error as { code?: string }).code;
        reject(fileError(code === 'LIMIT_FILE_SIZE' ? 'file.size' : 'file.required'));
      });
    });
    return next.handle();
  }
}
