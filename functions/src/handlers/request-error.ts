/** A refusal a caller should see, with the callable error code the wiring maps it to. */
export type RequestErrorCode = 'invalid-argument' | 'unauthenticated' | 'permission-denied' | 'not-found' | 'failed-precondition';

export class RequestError extends Error {
  override readonly name = 'RequestError';
  constructor(
    readonly code: RequestErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface Caller {
  uid: string;
  token: Record<string, unknown>;
}

/** Staff and admins (the `role` custom claim); everyone else is refused. */
export function requireStaff(caller: Caller | undefined): Caller {
  if (!caller) throw new RequestError('unauthenticated', 'Sign in first.');
  if (caller.token.role !== 'staff' && caller.token.role !== 'admin') throw new RequestError('permission-denied', 'Only festival staff can do this.');
  return caller;
}
