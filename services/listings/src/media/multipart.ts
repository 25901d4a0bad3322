import type { ExecutionContext } from '@nestjs/common';
import type { Request, Response } from 'express';
import { createRequire } from 'node:module';

/** An uploaded part as multer leaves it in memory. */
export interface UploadedPart {
  buffer: Buffer;
  size: number;
  originalname: string;
}

type Middleware = (request: Request, response: Response, done: (error: unknown) => void) => void;
interface MulterFactory {
  (options: { storage: unknown; limits: { fileSize: number; files: number } }): {
    array(field: string, max: number): Middleware;
    single(field: string): Middleware;
  };
  memoryStorage(): unknown;
}
// multer ships no types (and @types/multer is not installed): the little used here is typed above.
const multer = createRequire(import.meta.url)('multer') as MulterFactory;

/** A multer reader keeping the parts in memory, within the limits given. */
export function memoryMultipart(limits: { fileSize: number; files: number }) {
  return multer({ storage: multer.memoryStorage(), limits });
}

/**
 * Runs a multer reader on the request of an interceptor; a refusal (too big, too many) becomes
 * the exception `refusal` makes of multer's error code, so it lands on the form's field.
 */
export function readMultipart(
  context: ExecutionContext,
  reader: Middleware,
  refusal: (code: string | undefined) => Error,
): Promise<void> {
  const http = context.switchToHttp();
  return new Promise<void>((resolve, reject) => {
    reader(http.getRequest<Request>(), http.getResponse<Response>(), (error: unknown) => {
      if (!error) return resolve();
      reject(refusal((error as { code?: string }).code));
    });
  });
}
