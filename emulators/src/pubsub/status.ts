/**
 * Errors with the gRPC status codes and messages the real Pub/Sub service returns, so
 * clients branch on them exactly as in production (e.g. `topic.exists()` reads NOT_FOUND as
 * false, firebase-tools treats ALREADY_EXISTS as success).
 */
import { Metadata, status, type ServiceError } from '@grpc/grpc-js';

export class PubSubError extends Error {
  constructor(
    readonly code: status,
    message: string,
  ) {
    super(message);
    this.name = 'PubSubError';
  }

  toServiceError(): Partial<ServiceError> {
    return { code: this.code, details: this.message, metadata: new Metadata() };
  }
}

/** `resource` is the short id (`my-topic`), as the service reports it. */
export function notFound(resource: string): PubSubError {
  return new PubSubError(status.NOT_FOUND, `Resource not found (resource=${resource}).`);
}

export function alreadyExists(resource: string): PubSubError {
  return new PubSubError(status.ALREADY_EXISTS, `Resource already exists in the project (resource=${resource}).`);
}

export function invalidArgument(message: string): PubSubError {
  return new PubSubError(status.INVALID_ARGUMENT, message);
}

export function invalidName(name: string): PubSubError {
  return invalidArgument(
    `Invalid resource name given (name=${name}). Refer to https://cloud.google.com/pubsub/docs/pubsub-basics#resource_names for more information.`,
  );
}

/** Anything that is not a PubSubError is a bug in the emulator: report it as INTERNAL, never crash. */
export function toServiceError(error: unknown): Partial<ServiceError> {
  if (error instanceof PubSubError) return error.toServiceError();
  console.error('[pubsub] internal error', error);
  const message = error instanceof Error ? error.message : String(error);
  return { code: status.INTERNAL, details: message, metadata: new Metadata() };
}
