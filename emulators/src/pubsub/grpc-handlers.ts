/** Adapts plain request => response functions to grpc-js unary handlers with service error codes. */
import type { handleUnaryCall, ServerUnaryCall, sendUnaryData } from '@grpc/grpc-js';
import { toServiceError } from './status.js';

export function unary<Request, Response>(
  handler: (request: Request, call: ServerUnaryCall<Request, Response>) => Response | Promise<Response>,
): handleUnaryCall<Request, Response> {
  return (call: ServerUnaryCall<Request, Response>, callback: sendUnaryData<Response>) => {
    Promise.resolve()
      .then(() => handler(call.request, call))
      .then(
        (response) => callback(null, response),
        (error: unknown) => callback(toServiceError(error)),
      );
  };
}

/** google.protobuf.Empty */
export const EMPTY = {};
