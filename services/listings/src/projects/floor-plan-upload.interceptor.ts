import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Observable } from 'rxjs';
import { DOCUMENT_MAX_BYTES, fieldMessage } from '@manzil/contracts';
import { AppException, currentContext } from '@manzil/nest-kit';
import { memoryMultipart, readMultipart } from '../media/multipart.js';

/** The listing documents' limit: a floor plan is checked as a document is (jpeg or pdf, under 2 MB). */
const floorPlans = memoryMultipart({ fileSize: DOCUMENT_MAX_BYTES, files: 1 }).single('file');

/** Reads the multipart `file` (one, under 2 MB) into memory; a refusal is a 422 on `floorPlan`. */
@Injectable()
export class FloorPlanUploadInterceptor implements NestInterceptor {
  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    await readMultipart(
      context,
      floorPlans,
      (code) =>
        new AppException('VALIDATION_FAILED', 422, [
          {
            field: 'floorPlan',
            message: fieldMessage(
              code === 'LIMIT_FILE_SIZE' ? 'floorPlan.size' : 'file.required',
              currentContext()?.language ?? 'en',
            ),
          },
        ]),
    );
    return next.handle();
  }
}
