import { currentContext } from '@manzil/nest-kit/base';

/** The HTTP request behind an event, if any, so logs can follow it across services. */
export function requestId(): string | undefined {
  return currentContext()?.requestId;
}
