import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Observable } from 'rxjs';
import { fieldMessage, PROJECT_LIMITS } from '@manzil/contracts';
import { AppException, currentContext } from '@manzil/nest-kit';
import { memoryMultipart, readMultipart } from '../media/multipart.js';

const brochures = memoryMultipart({ fileSize: PROJECT_LIMITS.brochureMaxBytes, files: 1 }).single('file');

/** Reads the multipart `file` (one PDF, under 10 MB) into memory; a refusal is a 422 on `brochure`. */
@Injectable()
export class BrochureUploadInterceptor implements NestInterceptor {
  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    await readMultipart(
      context,
      brochures,
      (code) =>
        new AppException('VALIDATION_FAILED', 422, [
          {
            field: 'brochure',
            message: fieldMessage(
              code === 'LIMIT_FILE_SIZE' ? 'brochure.size' : 'file.required',
              currentContext()?.language ?? 'en',
            ),
          },
        ]),
    );
    return next.handle();
  }
}
