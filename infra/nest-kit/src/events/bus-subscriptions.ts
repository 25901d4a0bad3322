import { Injectable } from '@nestjs/common';
import type { Subscription } from '@manzil/bus';

/**
 * The subscriptions of the app's bus transport. The bus module stops them before the
 * application shuts down (a handler in flight finishes while the database is still open); Nest
 * would close the transport only after the shutdown hooks.
 */
@Injectable()
export class BusSubscriptions {
  private readonly subscriptions = new Set<Subscription>();

  track(subscription: Subscription): () => void {
    this.subscriptions.add(subscription);
    return () => this.subscriptions.delete(subscription);
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    this.subscriptions.clear();
  }
}
