import type { ExecutionContext } from '@nestjs/common';
import type { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';

/** An uploaded part as multer leaves it in memory. */
export interface UploadedPart {
  buffer: Buffer;
  size: number;
  originalname: string;
}

/** An uploaded part as multer leaves it in a temporary file (`path`), for large media. */
export interface UploadedFilePart {
  path: string;
  size: number;
  originalname: string;
}

type Callback = (error: Error | null, value: string) => void;
type Middleware = (request: Request, response: Response, done: (error: unknown) => void) => void;
interface MulterFactory {
  (options: { storage: unknown; limits: { fileSize: number; files: number } }): {
    array(field: string, max: number): Middleware;
    single(field: string): Middleware;
  };
  memoryStorage(): unknown;
  diskStorage(options: {
    destination: (request: Request, file: unknown, done: Callback) => void;
    filename: (request: Request, file: unknown, done: Callback) => void;
  }): unknown;
}
// multer ships no types (and @types/multer is not installed): the little used here is typed above.
const multer = createRequire(import.meta.url)('multer') as MulterFactory;

/** A multer reader keeping the parts in memory, within the limits given. */
export function memoryMultipart(limits: { fileSize: number; files: number }) {
  return multer({ storage: multer.memoryStorage(), limits });
}

/**
 * The start of the names of the temporary files `diskMultipart` writes in the system's
 * temporary folder: `manzil-upload-<pid>-<uuid>`, so what a process left behind (it crashed
 * mid-upload) is known as its own.
 */
export const uploadFilePrefix = (pid = process.pid) => `manzil-upload-${pid}-`;

/**
 * A multer reader writing the parts to temporary files (`os.tmpdir()`, read at each upload),
 * within the limits given: for media too large to hold in memory (videos). Multer removes the
 * files of a refused or broken upload; the caller removes them once the request is handled.
 */
export function diskMultipart(limits: { fileSize: number; files: number }) {
  const storage = multer.diskStorage({
    destination: (_request, _file, done) => done(null, tmpdir()),
    filename: (_request, _file, done) => done(null, `${uploadFilePrefix()}${randomUUID()}`),
  });
  return multer({ storage, limits });
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
