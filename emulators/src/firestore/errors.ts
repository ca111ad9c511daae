/**
 * Firestore errors with their google.rpc.Code, so every transport reports the same code and
 * message: gRPC as the status, REST as `{error:{code: <http>, message, status}}`, streams as a
 * stream failure or a per-target REMOVE cause.
 */

export const RpcCode = {
  OK: 0,
  CANCELLED: 1,
  UNKNOWN: 2,
  INVALID_ARGUMENT: 3,
  DEADLINE_EXCEEDED: 4,
  NOT_FOUND: 5,
  ALREADY_EXISTS: 6,
  PERMISSION_DENIED: 7,
  RESOURCE_EXHAUSTED: 8,
  FAILED_PRECONDITION: 9,
  ABORTED: 10,
  OUT_OF_RANGE: 11,
  UNIMPLEMENTED: 12,
  INTERNAL: 13,
  UNAVAILABLE: 14,
  DATA_LOSS: 15,
  UNAUTHENTICATED: 16,
} as const;

export type RpcStatusName = keyof typeof RpcCode;

const NAME_BY_CODE = new Map<number, RpcStatusName>(
  Object.entries(RpcCode).map(([name, code]) => [code, name as RpcStatusName]),
);

/** The HTTP status Google APIs use for each code (google/rpc/code.proto). */
const HTTP_STATUS: Record<RpcStatusName, number> = {
  OK: 200,
  CANCELLED: 499,
  UNKNOWN: 500,
  INVALID_ARGUMENT: 400,
  DEADLINE_EXCEEDED: 504,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  PERMISSION_DENIED: 403,
  RESOURCE_EXHAUSTED: 429,
  FAILED_PRECONDITION: 400,
  ABORTED: 409,
  OUT_OF_RANGE: 400,
  UNIMPLEMENTED: 501,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  DATA_LOSS: 500,
  UNAUTHENTICATED: 401,
};

export class FirestoreError extends Error {
  constructor(
    readonly status: RpcStatusName,
    message: string,
  ) {
    super(message);
    this.name = 'FirestoreError';
  }

  get code(): number {
    return RpcCode[this.status];
  }

  get httpStatus(): number {
    return HTTP_STATUS[this.status];
  }
}

export function statusName(code: number): RpcStatusName {
  return NAME_BY_CODE.get(code) ?? 'UNKNOWN';
}

export const invalidArgument = (message: string) => new FirestoreError('INVALID_ARGUMENT', message);
export const notFound = (message: string) => new FirestoreError('NOT_FOUND', message);
export const alreadyExists = (message: string) => new FirestoreError('ALREADY_EXISTS', message);
export const failedPrecondition = (message: string) => new FirestoreError('FAILED_PRECONDITION', message);
export const aborted = (message: string) => new FirestoreError('ABORTED', message);
export const permissionDenied = (message = 'Missing or insufficient permissions.') =>
  new FirestoreError('PERMISSION_DENIED', message);

/** Any thrown value as a FirestoreError: unexpected ones become INTERNAL (and are logged once). */
export function asFirestoreError(error: unknown): FirestoreError {
  if (error instanceof FirestoreError) return error;
  console.error('[firestore] internal error', error);
  return new FirestoreError('INTERNAL', error instanceof Error ? error.message : String(error));
}
