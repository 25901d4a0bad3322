import { describe, expect, it } from '@jest/globals';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { sequence } from './sequence.js';

/** Runs the chain once; resolves with what reached the layer's own `next` (undefined: passed on). */
function run(chain: RequestHandler, seen: string[]): Promise<unknown> {
  return new Promise((resolve) => {
    const next = ((error?: unknown) => {
      seen.push('next');
      resolve(error);
    }) as NextFunction;
    chain({} as Request, {} as Response, next);
  });
}

const mark =
  (name: string, seen: string[]): RequestHandler =>
  (_request, _response, next) => {
    seen.push(name);
    next();
  };

describe('sequence', () => {
  it('runs the middlewares in order, the async ones too, then passes on', async () => {
    const seen: string[] = [];
    const later: RequestHandler = async (_request, _response, next) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push('later');
      next();
    };
    await expect(run(sequence(mark('a', seen), later, mark('b', seen)), seen)).resolves.toBeUndefined();
    expect(seen).toEqual(['a', 'later', 'b', 'next']);
  });

  it('stops where a middleware answers, without passing on', async () => {
    const seen: string[] = [];
    const answers: RequestHandler = () => void seen.push('answered');
    sequence(mark('a', seen), answers, mark('b', seen))(
      {} as Request,
      {} as Response,
      (() => seen.push('next')) as NextFunction,
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(seen).toEqual(['a', 'answered']);
  });

  const boom: RequestHandler = () => {
    throw new Error('boom');
  };
  it.each<[string, RequestHandler[]]>([
    ['passed to next', [(_request, _response, next) => next(new Error('boom'))]],
    ['thrown', [boom]],
    ['rejected', [async () => Promise.reject(new Error('boom'))]],
    [
      'thrown by the next one, called after an await',
      [
        async (_request, _response, next) => {
          await Promise.resolve();
          next();
        },
        boom,
      ],
    ],
  ])('hands an error %s to the layer’s next, and runs nothing after it', async (_how, failing) => {
    const seen: string[] = [];
    const error = await run(sequence(...failing, mark('after', seen)), seen);
    expect((error as Error).message).toBe('boom');
    expect(seen).toEqual(['next']);
  });
});
