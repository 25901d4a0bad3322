import { BaseRpcContext } from '@nestjs/microservices';

type BusContextArgs = [topic: string, group: string];

/** What an `@EventPattern` handler gets with `@Ctx()`: where the event came from. */
export class BusContext extends BaseRpcContext<BusContextArgs> {
  /** The topic the event was read from (`listings.property`). */
  getTopic(): string {
    return this.args[0];
  }

  /** The consumer group reading it: the service's, also its name in the inbox. */
  getGroup(): string {
    return this.args[1];
  }
}
