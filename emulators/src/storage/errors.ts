/**
 * Errors a Storage request can end with. Every client mistake becomes a 4xx: the web SDK
 * retries any 5xx for minutes, so a 5xx is kept for bugs in the emulator itself.
 */
export class StorageError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The GCS `errors[].reason`, e.g. `notFound`, `invalid`, `forbidden`. */
    readonly reason: string,
  ) {
    super(message);
    this.name = 'StorageError';
  }

  /** The JSON body both APIs answer with: the GCS form, which the Firebase API's `{error:{code,message}}` is a subset of. */
  toJson(): object {
    return {
      error: {
        code: this.status,
        message: this.message,
        errors: [{ message: this.message, domain: 'global', reason: this.reason }],
      },
    };
  }
}

/** Rules that do not compile: a 400 naming line and column; `/internal/setRules` answers it in the official emulator's words. */
export class RulesNotLoadedError extends StorageError {
  constructor(message: string) {
    super(400, message, 'invalid');
    this.name = 'RulesNotLoadedError';
  }
}

export const badRequest = (message: string): StorageError => new StorageError(400, message, 'invalid');

export const unauthenticated = (message: string): StorageError => new StorageError(401, message, 'required');

/** The web SDK maps 402 to `storage/quota-exceeded`. */
export const quotaExceeded = (message: string): StorageError => new StorageError(402, message, 'quotaExceeded');

export const permissionDenied = (permission: 'READ' | 'LIST' | 'WRITE'): StorageError =>
  new StorageError(403, `Permission denied. No ${permission} permission.`, 'forbidden');

/** Per-bucket rules were loaded, none for this bucket: the official emulator's reply. */
export const noRulesLoaded = (): StorageError => new StorageError(403, 'Permission denied. Storage Emulator has no loaded ruleset.', 'forbidden');

export const objectNotFound = (bucket: string, name: string): StorageError =>
  new StorageError(404, `No such object: ${bucket}/${name}`, 'notFound');

export const uploadNotFound = (id: string): StorageError =>
  new StorageError(404, `No such upload: ${id}`, 'notFound');

export const routeNotFound = (method: string, path: string): StorageError =>
  new StorageError(404, `Not found: ${method} ${path}`, 'notFound');

export const methodNotAllowed = (method: string, path: string): StorageError =>
  new StorageError(405, `Method ${method} is not allowed on ${path}`, 'methodNotAllowed');

export const payloadTooLarge = (limit: number): StorageError =>
  new StorageError(413, `Request body is larger than ${limit} bytes`, 'uploadTooLarge');

export const rangeNotSatisfiable = (size: number): StorageError =>
  new StorageError(416, `Requested range not satisfiable for an object of ${size} bytes`, 'requestedRangeNotSatisfiable');
