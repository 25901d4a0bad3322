import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Observable } from 'rxjs';
import { DOCUMENT_MAX_BYTES, fieldMessage } from '@manzil/contracts';
import { AppException, currentContext } from '@manzil/nest-kit';
import { memoryMultipart, readMultipart } from '../media/multipart.js';

const documents = memoryMultipart({ fileSize: DOCUMENT_MAX_BYTES, files: 1 }).single('file');

export const documentError = (key: string, field = 'fileName') =>
  new AppException('VALIDATION_FAILED', 422, [
    { field, message: fieldMessage(key, currentContext()?.language ?? 'en') },
  ]);

/** Reads the multipart `file` (one, under 2 MB) and `title` into memory; a refusal is a 422 on the file. */
@Injectable()
export class DocumentUploadInterceptor implements NestInterceptor {
  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    await readMultipart(context, documents, (code) =>
      documentError(code === 'LIMIT_FILE_SIZE' ? 'document.size' : 'file.required'),
    );
    return next.handle();
  }
}
