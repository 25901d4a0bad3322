import { Catch, type RpcExceptionFilter } from '@nestjs/common';
import { throwError, type Observable } from 'rxjs';

/**
 * Hands a handler's error to the transport as it was thrown. Nest's default RPC filter would
 * log it and replace it with `{ status: 'error', message: 'Internal server error' }`, and the
 * transport must see the real error to tell an outage (pause) from a handler failure (retry,
 * then the dead letter).
 */
@Catch()
export class BusExceptionFilter implements RpcExceptionFilter {
  catch(exception: unknown): Observable<never> {
    return throwError(() => exception);
  }
}
