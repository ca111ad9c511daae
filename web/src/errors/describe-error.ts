/**
 * Every service error the app can meet, turned into a sentence a festival-goer understands
 * and a next step they can take. Views never show a raw code: they call `describeError`.
 *
 * Codes come from FirestoreError (`permission-denied`), StorageError (`storage/canceled`),
 * AuthError (`auth/...`) and FunctionsError (`functions/...`, Firestore's canonical codes);
 * anything else falls back to a generic sentence.
 */
export interface ErrorDescription {
  /** What happened, in plain words. */
  message: string;
  /** What the person can do about it. */
  action: string;
  /** Whether trying the same thing again may work. */
  retryable: boolean;
}

type Entry = ErrorDescription;

const firestore: Record<string, Entry> = {
  cancelled: { message: 'The request was stopped before it finished.', action: 'Try again.', retryable: true },
  unavailable: {
    message: "Encore can't reach its servers right now.",
    action: 'What you see is saved on this device, and your changes will sync when the connection is back.',
    retryable: true,
  },
  'deadline-exceeded': { message: 'The server took too long to answer.', action: 'Check your connection and try again.', retryable: true },
  'invalid-argument': { message: 'Some of the information sent was not valid.', action: 'Check the form for mistakes and try again.', retryable: false },
  'failed-precondition': {
    message: "This can't be done in the current state of things.",
    action: 'Reload the page; if it keeps happening, close other Encore tabs and try again.',
    retryable: false,
  },
  'permission-denied': { message: "You don't have permission to do that.", action: 'Sign in with the right account, or ask festival staff for access.', retryable: false },
  unauthenticated: { message: 'You need to be signed in to do that.', action: 'Sign in from the Account page and try again.', retryable: false },
  'resource-exhausted': { message: 'Too many requests in a short time.', action: 'Wait a minute, then try again.', retryable: true },
  unknown: { message: 'Something went wrong on the server.', action: 'Try again in a moment.', retryable: true },
  'not-found': { message: "That item doesn't exist (any more).", action: 'Go back to the programme and pick it again.', retryable: false },
  'already-exists': { message: 'That item already exists.', action: 'Reload to see the current version.', retryable: false },
  aborted: { message: 'Someone else changed this at the same time.', action: 'Try again.', retryable: true },
  'out-of-range': { message: 'A value was out of the allowed range.', action: 'Check the form and try again.', retryable: false },
  unimplemented: { message: "This isn't available on this server.", action: 'Update the app or contact the festival team.', retryable: false },
  internal: { message: 'The server ran into a problem.', action: 'Try again in a moment.', retryable: true },
  'data-loss': { message: 'The data could not be read completely.', action: 'Reload the page.', retryable: true },
};

const storage: Record<string, Entry> = {
  'storage/object-not-found': { message: "That photo isn't there any more.", action: 'It may have been removed; reload the wall.', retryable: false },
  'storage/unauthenticated': { message: 'You need to be signed in to upload photos.', action: 'Sign in with an email account on the Account page, then try again.', retryable: false },
  'storage/unauthorized': {
    message: "You're not allowed to upload this file.",
    action: 'Photos must be images under 20 MB, uploaded from an email account (not a guest one).',
    retryable: false,
  },
  'storage/quota-exceeded': { message: 'The festival has run out of photo storage for now.', action: 'Try again later; the team has been told.', retryable: false },
  'storage/retry-limit-exceeded': { message: 'The upload kept failing and was given up.', action: 'Check your connection and press Retry.', retryable: true },
  'storage/canceled': { message: 'The upload was cancelled.', action: 'Add the photo again if you still want to share it.', retryable: true },
  'storage/unknown': { message: 'The upload failed for an unknown reason.', action: 'Try again in a moment.', retryable: true },
  'storage/invalid-checksum': { message: 'The file arrived damaged.', action: 'Try uploading it again.', retryable: true },
  'storage/server-file-wrong-size': { message: 'The file arrived incomplete.', action: 'Try uploading it again.', retryable: true },
};

const auth: Record<string, Entry> = {
  'auth/network-request-failed': { message: "Couldn't reach the sign-in service.", action: 'Check your connection and try again.', retryable: true },
  'auth/too-many-requests': { message: 'Too many attempts from this device.', action: 'Wait a few minutes, then try again.', retryable: true },
  'auth/invalid-email': { message: "That email address doesn't look right.", action: 'Check it for typos.', retryable: false },
  'auth/invalid-credential': { message: "That email and password don't match.", action: 'Check both, or use an email link instead.', retryable: false },
  'auth/wrong-password': { message: "That email and password don't match.", action: 'Check both, or use an email link instead.', retryable: false },
  'auth/user-not-found': { message: 'There is no account with that email.', action: 'Create one with "Save my schedule" instead.', retryable: false },
  'auth/email-already-in-use': { message: 'That email already has an Encore account.', action: 'Sign in with it instead.', retryable: false },
  'auth/credential-already-in-use': { message: 'That account is already linked to someone else.', action: 'Sign in with it instead.', retryable: false },
  'auth/weak-password': { message: 'That password is too weak.', action: 'Follow the password rules shown under the field.', retryable: false },
  'auth/password-does-not-meet-requirements': { message: "That password doesn't meet the rules.", action: 'Follow the password rules shown under the field.', retryable: false },
  'auth/invalid-action-code': { message: 'That sign-in link has already been used or is broken.', action: 'Ask for a new link.', retryable: false },
  'auth/expired-action-code': { message: 'That sign-in link has expired.', action: 'Ask for a new link.', retryable: false },
  'auth/popup-closed-by-user': { message: 'The sign-in window was closed.', action: 'Try again and finish signing in there.', retryable: true },
  'auth/popup-blocked': { message: 'Your browser blocked the sign-in window.', action: 'Allow pop-ups for this site and try again.', retryable: true },
  'auth/operation-not-allowed': { message: "This way of signing in isn't enabled for the festival.", action: 'Use another sign-in option.', retryable: false },
  'auth/requires-recent-login': { message: 'For your safety, please sign in again first.', action: 'Sign out, sign in, and repeat.', retryable: false },
  'auth/admin-restricted-operation': { message: 'Guest access is switched off for the festival.', action: 'Sign in with an email account.', retryable: false },
};

const fallback: Entry = { message: 'Something went wrong.', action: 'Try again; if it keeps happening, reload the page.', retryable: true };

/** The code of a Firebase error (`permission-denied`, `storage/canceled`, `auth/...`), if any. */
export function errorCode(error: unknown): string | undefined {
  if (error !== null && typeof error === 'object' && 'code' in error && typeof error.code === 'string') return error.code;
  return undefined;
}

export function describeError(error: unknown): ErrorDescription {
  const code = errorCode(error);
  if (code !== undefined) {
    // Callable functions report the same canonical codes, prefixed: `functions/not-found`.
    const canonical = code.startsWith('functions/') ? code.slice('functions/'.length) : code;
    const known = firestore[canonical] ?? storage[code] ?? auth[code];
    if (known) return known;
    if (code.startsWith('storage/')) return storage['storage/unknown']!;
  }
  if (error instanceof Error && error.name === 'InvalidDocumentError') {
    return { message: 'Some festival data could not be read.', action: 'Reload the page; the festival team has the details in the console.', retryable: false };
  }
  return fallback;
}

/** One line for toasts and inline notices. */
export function errorSentence(error: unknown): string {
  const { message, action } = describeError(error);
  return `${message} ${action}`;
}
