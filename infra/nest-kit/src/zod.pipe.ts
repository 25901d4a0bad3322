import { Injectable, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { fieldMessage } from '@manzil/contracts';
import { AppException } from './app.exception.js';
import { currentContext } from './context.js';

/**
 * Validates a body, query or param against a schema from `contracts`, the same schema the
 * form uses. Errors name each field, in the request's language.
 */
@Injectable()
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.infer<S> {
    const parsed = this.schema.safeParse(value);
    if (parsed.success) return parsed.data;
    const language = currentContext()?.language ?? 'en';
    throw new AppException(
      'VALIDATION_FAILED',
      422,
      parsed.error.issues.map((issue) => ({
        field: issue.path.join('.') || '(body)',
        message: fieldMessage(issue.message, language),
      })),
    );
  }
}
