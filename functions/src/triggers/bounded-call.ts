import { onCall as sdkOnCall, type CallableFunction, type CallableOptions, type CallableRequest } from 'firebase-functions/v2/https';
import type { Request, Response } from 'express';
import { exceedsDepth } from '../domain/request-shape.js';

/**
 * The deepest JSON a callable's request may nest. Every callable of ours takes a flat object
 * or one with a list of rows (depth 4 at most); Firestore itself refuses maps nested deeper
 * than 20. Far below the depth at which the functions SDK's own recursion (its request check
 * logs the body, `decode` walks it) overflows the stack.
 */
export const MAX_CALL_DEPTH = 32;

/**
 * `onCall` with the request's shape checked before the SDK sees it (issue 39): a body nested
 * deeper than MAX_CALL_DEPTH is refused 400 INVALID_ARGUMENT (the SDK's own answer to a
 * malformed callable request), without logging it. The SDK's check would log such a body
 * (`JSON.stringify` overflows) and answer 500 with an ERROR line: alert noise anyone could
 * cause, before App Check is even looked at. Everything else is the SDK's `onCall`: the
 * returned function keeps its deploy manifest (`__endpoint`) and `run`, since a Proxy only
 * intercepts the call itself.
 */
export function onCall<T = unknown, Return = unknown>(
  options: CallableOptions,
  handler: (request: CallableRequest<T>) => Return,
): CallableFunction<T, Return extends Promise<unknown> ? Return : Promise<Return>> {
  const callable = sdkOnCall(options, handler);
  return new Proxy(callable, {
    apply(target, thisArg, args: [Request, Response]) {
      const [request, response] = args;
      if (request.method === 'POST' && exceedsDepth(request.body, MAX_CALL_DEPTH)) return refuse(request, response);
      return Reflect.apply(target, thisArg, args);
    },
  });
}

function refuse(request: Request, response: Response): void {
  // The SDK answers callables to any origin (CORS on by default); so does its refusal, so a
  // browser sees the 400 rather than a CORS failure.
  const origin = request.header('Origin');
  if (origin) response.set({ 'Access-Control-Allow-Origin': origin, Vary: 'Origin' });
  response.status(400).json({ error: { message: 'Bad Request', status: 'INVALID_ARGUMENT' } });
}
