/**
 * Every service error the app can meet, turned into a sentence a festival-goer understands
 * and a next step they can take. Views never show a raw code: they call `describeError`.
 *
 * Codes come from FirestoreError (`permission-denied`), StorageError (`storage/canceled`),
 * AuthError (`auth/...`) and FunctionsError (`functions/...`, Firestore's canonical codes);
 * anything else falls back to a generic sentence.
 */
import type { IntlShape, MessageDescriptor } from 'react-intl';

export interface ErrorDescription {
  /** What happened, in plain words. */
  message: MessageDescriptor;
  /** What the person can do about it. */
  action: MessageDescriptor;
  /** Whether trying the same thing again may work. */
  retryable: boolean;
}

type Entry = ErrorDescription;

// Plain descriptors (id + English defaultMessage), read by the message extraction test like defineMessages.
const entry = (message: MessageDescriptor, action: MessageDescriptor, retryable: boolean): Entry => ({ message, action, retryable });

const firestore: Record<string, Entry> = {
  cancelled: entry({ id: 'errors.firestore.cancelled', defaultMessage: 'The request was stopped before it finished.' }, { id: 'errors.firestore.cancelledAction', defaultMessage: 'Try again.' }, true),
  unavailable: entry({ id: 'errors.firestore.unavailable', defaultMessage: "Encore can't reach its servers right now." }, { id: 'errors.firestore.unavailableAction', defaultMessage: 'What you see is saved on this device, and your changes will sync when the connection is back.' }, true),
  'deadline-exceeded': entry({ id: 'errors.firestore.deadlineExceeded', defaultMessage: 'The server took too long to answer.' }, { id: 'errors.firestore.deadlineExceededAction', defaultMessage: 'Check your connection and try again.' }, true),
  'invalid-argument': entry({ id: 'errors.firestore.invalidArgument', defaultMessage: 'Some of the information sent was not valid.' }, { id: 'errors.firestore.invalidArgumentAction', defaultMessage: 'Check the form for mistakes and try again.' }, false),
  'failed-precondition': entry({ id: 'errors.firestore.failedPrecondition', defaultMessage: "This can't be done in the current state of things." }, { id: 'errors.firestore.failedPreconditionAction', defaultMessage: 'Reload the page; if it keeps happening, close other Encore tabs and try again.' }, false),
  'permission-denied': entry({ id: 'errors.firestore.permissionDenied', defaultMessage: "You don't have permission to do that." }, { id: 'errors.firestore.permissionDeniedAction', defaultMessage: 'Sign in with the right account, or ask festival staff for access.' }, false),
  unauthenticated: entry({ id: 'errors.firestore.unauthenticated', defaultMessage: 'You need to be signed in to do that.' }, { id: 'errors.firestore.unauthenticatedAction', defaultMessage: 'Sign in from the Account page and try again.' }, false),
  'resource-exhausted': entry({ id: 'errors.firestore.resourceExhausted', defaultMessage: 'Too many requests in a short time.' }, { id: 'errors.firestore.resourceExhaustedAction', defaultMessage: 'Wait a minute, then try again.' }, true),
  unknown: entry({ id: 'errors.firestore.unknown', defaultMessage: 'Something went wrong on the server.' }, { id: 'errors.firestore.unknownAction', defaultMessage: 'Try again in a moment.' }, true),
  'not-found': entry({ id: 'errors.firestore.notFound', defaultMessage: "That item doesn't exist (any more)." }, { id: 'errors.firestore.notFoundAction', defaultMessage: 'Go back to the programme and pick it again.' }, false),
  'already-exists': entry({ id: 'errors.firestore.alreadyExists', defaultMessage: 'That item already exists.' }, { id: 'errors.firestore.alreadyExistsAction', defaultMessage: 'Reload to see the current version.' }, false),
  aborted: entry({ id: 'errors.firestore.aborted', defaultMessage: 'Someone else changed this at the same time.' }, { id: 'errors.firestore.abortedAction', defaultMessage: 'Try again.' }, true),
  'out-of-range': entry({ id: 'errors.firestore.outOfRange', defaultMessage: 'A value was out of the allowed range.' }, { id: 'errors.firestore.outOfRangeAction', defaultMessage: 'Check the form and try again.' }, false),
  unimplemented: entry({ id: 'errors.firestore.unimplemented', defaultMessage: "This isn't available on this server." }, { id: 'errors.firestore.unimplementedAction', defaultMessage: 'Update the app or contact the festival team.' }, false),
  internal: entry({ id: 'errors.firestore.internal', defaultMessage: 'The server ran into a problem.' }, { id: 'errors.firestore.internalAction', defaultMessage: 'Try again in a moment.' }, true),
  'data-loss': entry({ id: 'errors.firestore.dataLoss', defaultMessage: 'The data could not be read completely.' }, { id: 'errors.firestore.dataLossAction', defaultMessage: 'Reload the page.' }, true),
};

const storage: Record<string, Entry> = {
  'storage/object-not-found': entry({ id: 'errors.storage.objectNotFound', defaultMessage: "That photo isn't there any more." }, { id: 'errors.storage.objectNotFoundAction', defaultMessage: 'It may have been removed; reload the wall.' }, false),
  'storage/unauthenticated': entry({ id: 'errors.storage.unauthenticated', defaultMessage: 'You need to be signed in to upload photos.' }, { id: 'errors.storage.unauthenticatedAction', defaultMessage: 'Sign in with an email account on the Account page, then try again.' }, false),
  'storage/unauthorized': entry({ id: 'errors.storage.unauthorized', defaultMessage: "You're not allowed to upload this file." }, { id: 'errors.storage.unauthorizedAction', defaultMessage: 'Photos must be images under 20 MB, uploaded from an email account (not a guest one).' }, false),
  'storage/quota-exceeded': entry({ id: 'errors.storage.quotaExceeded', defaultMessage: 'The festival has run out of photo storage for now.' }, { id: 'errors.storage.quotaExceededAction', defaultMessage: 'Try again later; the team has been told.' }, false),
  'storage/retry-limit-exceeded': entry({ id: 'errors.storage.retryLimitExceeded', defaultMessage: 'The upload kept failing and was given up.' }, { id: 'errors.storage.retryLimitExceededAction', defaultMessage: 'Check your connection and press Retry.' }, true),
  'storage/canceled': entry({ id: 'errors.storage.canceled', defaultMessage: 'The upload was cancelled.' }, { id: 'errors.storage.canceledAction', defaultMessage: 'Add the photo again if you still want to share it.' }, true),
  'storage/unknown': entry({ id: 'errors.storage.unknown', defaultMessage: 'The upload failed for an unknown reason.' }, { id: 'errors.storage.unknownAction', defaultMessage: 'Try again in a moment.' }, true),
  'storage/invalid-checksum': entry({ id: 'errors.storage.invalidChecksum', defaultMessage: 'The file arrived damaged.' }, { id: 'errors.storage.invalidChecksumAction', defaultMessage: 'Try uploading it again.' }, true),
  'storage/server-file-wrong-size': entry({ id: 'errors.storage.serverFileWrongSize', defaultMessage: 'The file arrived incomplete.' }, { id: 'errors.storage.serverFileWrongSizeAction', defaultMessage: 'Try uploading it again.' }, true),
};

const auth: Record<string, Entry> = {
  'auth/network-request-failed': entry({ id: 'errors.auth.networkRequestFailed', defaultMessage: "Couldn't reach the sign-in service." }, { id: 'errors.auth.networkRequestFailedAction', defaultMessage: 'Check your connection and try again.' }, true),
  'auth/too-many-requests': entry({ id: 'errors.auth.tooManyRequests', defaultMessage: 'Too many attempts from this device.' }, { id: 'errors.auth.tooManyRequestsAction', defaultMessage: 'Wait a few minutes, then try again.' }, true),
  'auth/invalid-email': entry({ id: 'errors.auth.invalidEmail', defaultMessage: "That email address doesn't look right." }, { id: 'errors.auth.invalidEmailAction', defaultMessage: 'Check it for typos.' }, false),
  'auth/invalid-credential': entry({ id: 'errors.auth.invalidCredential', defaultMessage: "That email and password don't match." }, { id: 'errors.auth.invalidCredentialAction', defaultMessage: 'Check both, or use an email link instead.' }, false),
  'auth/wrong-password': entry({ id: 'errors.auth.wrongPassword', defaultMessage: "That email and password don't match." }, { id: 'errors.auth.wrongPasswordAction', defaultMessage: 'Check both, or use an email link instead.' }, false),
  'auth/user-not-found': entry({ id: 'errors.auth.userNotFound', defaultMessage: 'There is no account with that email.' }, { id: 'errors.auth.userNotFoundAction', defaultMessage: 'Create one with "Save my schedule" instead.' }, false),
  'auth/email-already-in-use': entry({ id: 'errors.auth.emailAlreadyInUse', defaultMessage: 'That email already has an Encore account.' }, { id: 'errors.auth.emailAlreadyInUseAction', defaultMessage: 'Sign in with it instead.' }, false),
  'auth/credential-already-in-use': entry({ id: 'errors.auth.credentialAlreadyInUse', defaultMessage: 'That account is already linked to someone else.' }, { id: 'errors.auth.credentialAlreadyInUseAction', defaultMessage: 'Sign in with it instead.' }, false),
  'auth/weak-password': entry({ id: 'errors.auth.weakPassword', defaultMessage: 'That password is too weak.' }, { id: 'errors.auth.weakPasswordAction', defaultMessage: 'Follow the password rules shown under the field.' }, false),
  'auth/password-does-not-meet-requirements': entry({ id: 'errors.auth.passwordDoesNotMeetRequirements', defaultMessage: "That password doesn't meet the rules." }, { id: 'errors.auth.passwordDoesNotMeetRequirementsAction', defaultMessage: 'Follow the password rules shown under the field.' }, false),
  'auth/invalid-action-code': entry({ id: 'errors.auth.invalidActionCode', defaultMessage: 'That sign-in link has already been used or is broken.' }, { id: 'errors.auth.invalidActionCodeAction', defaultMessage: 'Ask for a new link.' }, false),
  'auth/expired-action-code': entry({ id: 'errors.auth.expiredActionCode', defaultMessage: 'That sign-in link has expired.' }, { id: 'errors.auth.expiredActionCodeAction', defaultMessage: 'Ask for a new link.' }, false),
  'auth/popup-closed-by-user': entry({ id: 'errors.auth.popupClosedByUser', defaultMessage: 'The sign-in window was closed.' }, { id: 'errors.auth.popupClosedByUserAction', defaultMessage: 'Try again and finish signing in there.' }, true),
  'auth/popup-blocked': entry({ id: 'errors.auth.popupBlocked', defaultMessage: 'Your browser blocked the sign-in window.' }, { id: 'errors.auth.popupBlockedAction', defaultMessage: 'Allow pop-ups for this site and try again.' }, true),
  'auth/operation-not-allowed': entry({ id: 'errors.auth.operationNotAllowed', defaultMessage: "This way of signing in isn't enabled for the festival." }, { id: 'errors.auth.operationNotAllowedAction', defaultMessage: 'Use another sign-in option.' }, false),
  'auth/requires-recent-login': entry({ id: 'errors.auth.requiresRecentLogin', defaultMessage: 'For your safety, please sign in again first.' }, { id: 'errors.auth.requiresRecentLoginAction', defaultMessage: 'Sign out, sign in, and repeat.' }, false),
  'auth/admin-restricted-operation': entry({ id: 'errors.auth.adminRestrictedOperation', defaultMessage: 'Guest access is switched off for the festival.' }, { id: 'errors.auth.adminRestrictedOperationAction', defaultMessage: 'Sign in with an email account.' }, false),
};

const fallback = entry(
  { id: 'errors.fallback.message', defaultMessage: 'Something went wrong.' },
  { id: 'errors.fallback.action', defaultMessage: 'Try again; if it keeps happening, reload the page.' },
  true,
);

const invalidDocument = entry(
  { id: 'errors.invalidDocument.message', defaultMessage: 'Some festival data could not be read.' },
  { id: 'errors.invalidDocument.action', defaultMessage: 'Reload the page; the festival team has the details in the console.' },
  false,
);

/** The code of a Firebase error (`permission-denied`, `storage/canceled`, `auth/...`), if any. */
export function errorCode(error: unknown): string | undefined {
  if (error !== null && typeof error === 'object' && 'code' in error && typeof error.code === 'string') return error.code;
  return undefined;
}

/** The rules' limit on favourite and reaction changes (firebase/toggle-limit.ts). */
const toggleLimit = entry(
  { id: 'errors.toggles.limit', defaultMessage: "That's a lot of hearts and reactions in one minute: the last one wasn't saved." },
  { id: 'errors.toggles.limitAction', defaultMessage: 'Wait a minute, then try again.' },
  true,
);

export function describeError(error: unknown): ErrorDescription {
  const code = errorCode(error);
  if (code !== undefined) {
    // Callable functions report the same canonical codes, prefixed: `functions/not-found`.
    const canonical = code.startsWith('functions/') ? code.slice('functions/'.length) : code;
    const known = firestore[canonical] ?? storage[code] ?? auth[code];
    if (known) return known;
    if (code.startsWith('storage/')) return storage['storage/unknown']!;
  }
  if (error instanceof Error && error.name === 'ToggleLimitError') return toggleLimit;
  if (error instanceof Error && error.name === 'InvalidDocumentError') {
    return invalidDocument;
  }
  return fallback;
}

/**
 * A callable's own refusals, in the reader's language: our functions send why they refused as
 * `details.reason` (functions/src/triggers/callable.ts); a reason in `reasons` gets its own
 * words, anything else the app-wide description.
 */
export function describeRefusal(reasons: Readonly<Record<string, ErrorDescription>>, error: unknown): ErrorDescription {
  const reason = (error as { details?: { reason?: unknown } } | null)?.details?.reason;
  return (typeof reason === 'string' && Object.hasOwn(reasons, reason) && reasons[reason]) || describeError(error);
}

/** One line for toasts and inline notices, in the reader's language. */
export function errorSentence(intl: IntlShape, error: unknown): string {
  const { message, action } = describeError(error);
  return `${intl.formatMessage(message)} ${intl.formatMessage(action)}`;
}
