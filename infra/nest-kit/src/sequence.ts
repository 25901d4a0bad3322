import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Several middlewares as one Express layer, run in order exactly as Express would run them:
 * each gets a `next` that runs the one after it, the last one's `next` is the layer's own, and
 * an error (passed to `next`, thrown, or the rejection of an async middleware) goes to the
 * layer's `next(error)`, so Nest's exception filter answers it as before.
 *
 * Why: Nest mounts every middleware of `consumer.apply(...)` as a layer of its own, and a
 * request walks each layer's path match and Nest's wrapper around it (issue 13's profile of a
 * bid through the gateway: the router's `next`, Nest's `router-proxy` and the layers' matches
 * ~3 % of the thread, for 10 layers before the proxy: the kit's 3 and the gateway's 7, then
 * the service's 3 again). One layer per `apply` instead.
 */
export function sequence(...handlers: RequestHandler[]): RequestHandler {
  return (request: Request, response: Response, next: NextFunction): void => {
    let index = 0;
    const step = (error?: unknown): void => {
      if (error !== undefined && error !== null) return next(error);
      const handler = handlers[index++];
      if (!handler) return next();
      try {
        const result = handler(request, response, step) as unknown;
        if (result instanceof Promise) result.catch((rejected: unknown) => next(rejected));
      } catch (thrown) {
        next(thrown);
      }
    };
    step();
  };
}
