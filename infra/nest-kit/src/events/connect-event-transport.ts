import type { INestApplication, INestMicroservice } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { MicroserviceOptions, NestMicroservice } from '@nestjs/microservices';
import type { EventBus } from '@manzil/bus';
import type { BusOptions } from '../bus.module.js';
import { BusSubscriptions } from './bus-subscriptions.js';
import { BusExceptionFilter } from './bus-exception.filter.js';
import { EventBusTransport } from './event-bus.transport.js';
import { BUS_OPTIONS, EVENT_BUS } from '../tokens.js';

/**
 * Connects the bus transport to a service's application (a hybrid app: HTTP plus events), so
 * its `@EventPattern` handlers consume the bus once `app.startAllMicroservices()` runs. Used by
 * `startService` and by the test app factory, so tests consume exactly as production does.
 * Returns undefined for an app without BusModule (nothing to consume).
 */
export function connectEventTransport(app: INestApplication): INestMicroservice | undefined {
  let bus: EventBus;
  let options: BusOptions;
  // Asked through the root ModuleRef, not the app: the app NestFactory.create returns turns a
  // missing provider into "log and exit the process" (abortOnError), which an app without
  // BusModule (the sandbox, the gateway) must not meet.
  const moduleRef = app.get(ModuleRef);
  try {
    bus = moduleRef.get<EventBus>(EVENT_BUS, { strict: false });
    options = moduleRef.get<BusOptions>(BUS_OPTIONS, { strict: false });
  } catch {
    return undefined;
  }
  const subscriptions = app.get(BusSubscriptions, { strict: false });
  const transport = new EventBusTransport({
    bus,
    group: options.group ?? options.clientId,
    retry: options.retry,
    track: (subscription) => subscriptions.track(subscription),
  });
  // Global filters only reach handlers bound after them, and connectMicroservice binds at once;
  // deferInitialization lets the filter in first. The rest is what connectMicroservice does
  // without deferral, minus running the app's lifecycle hooks a second time.
  const microservice = app.connectMicroservice<MicroserviceOptions>(
    { strategy: transport },
    { deferInitialization: true },
  ) as NestMicroservice;
  microservice.useGlobalFilters(new BusExceptionFilter());
  microservice.registerListeners();
  microservice.setIsInitialized(true);
  microservice.setIsInitHookCalled(true);
  return microservice;
}
