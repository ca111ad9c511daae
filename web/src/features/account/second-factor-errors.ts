import type { MessageDescriptor } from 'react-intl';
import { describeError, errorCode, type ErrorDescription } from '../../errors/describe-error';

/**
 * The errors of second factors (enrolling one, signing in with one, a staff call refused
 * without one), as sentences with a next step: `describeError` for the screens that meet
 * them (`<ErrorNotice describe={describeSecondFactorError}>`). Kept apart from the app-wide
 * table, which the programme page downloads first, since only these screens meet them.
 */
const entry = (message: MessageDescriptor, action: MessageDescriptor, retryable: boolean): ErrorDescription => ({ message, action, retryable });

const secondFactor: Record<string, ErrorDescription> = {
  'auth/multi-factor-auth-required': entry({ id: 'account.errors.multiFactorAuthRequired', defaultMessage: 'This account signs in with a second factor.' }, { id: 'account.errors.multiFactorAuthRequiredAction', defaultMessage: 'Sign in on the Account page and enter your code.' }, false),
  'auth/invalid-verification-code': entry({ id: 'account.errors.invalidVerificationCode', defaultMessage: "That code isn't right." }, { id: 'account.errors.invalidVerificationCodeAction', defaultMessage: 'Type the 6 digits of the latest text message, or send a new code.' }, false),
  'auth/missing-verification-code': entry({ id: 'account.errors.missingVerificationCode', defaultMessage: 'The code is missing.' }, { id: 'account.errors.missingVerificationCodeAction', defaultMessage: 'Type the 6 digits from the text message.' }, false),
  'auth/code-expired': entry({ id: 'account.errors.codeExpired', defaultMessage: 'That code has expired.' }, { id: 'account.errors.codeExpiredAction', defaultMessage: 'Send a new code and use it within a few minutes.' }, false),
  'auth/invalid-verification-id': entry({ id: 'account.errors.invalidVerificationId', defaultMessage: 'That code was for an earlier request.' }, { id: 'account.errors.invalidVerificationIdAction', defaultMessage: 'Send a new code and use that one.' }, false),
  'auth/invalid-phone-number': entry({ id: 'account.errors.invalidPhoneNumber', defaultMessage: "That phone number doesn't look right." }, { id: 'account.errors.invalidPhoneNumberAction', defaultMessage: 'Type it with + and the country code, e.g. +31 6 12345678.' }, false),
  'auth/missing-phone-number': entry({ id: 'account.errors.missingPhoneNumber', defaultMessage: 'The phone number is missing.' }, { id: 'account.errors.missingPhoneNumberAction', defaultMessage: 'Type it with + and the country code.' }, false),
  'auth/second-factor-already-in-use': entry({ id: 'account.errors.secondFactorAlreadyInUse', defaultMessage: 'That phone is already one of your second factors.' }, { id: 'account.errors.secondFactorAlreadyInUseAction', defaultMessage: 'Keep it, or add another number.' }, false),
  'auth/maximum-second-factor-count-exceeded': entry({ id: 'account.errors.maximumSecondFactorCountExceeded', defaultMessage: 'You have as many second factors as an account may have.' }, { id: 'account.errors.maximumSecondFactorCountExceededAction', defaultMessage: 'Remove one before adding another.' }, false),
  'auth/unverified-email': entry({ id: 'account.errors.unverifiedEmail', defaultMessage: "Your email address isn't verified yet." }, { id: 'account.errors.unverifiedEmailAction', defaultMessage: 'Open the verification link we sent you, then try again.' }, false),
  'auth/unsupported-first-factor': entry({ id: 'account.errors.unsupportedFirstFactor', defaultMessage: "A guest account can't have a second factor." }, { id: 'account.errors.unsupportedFirstFactorAction', defaultMessage: 'Sign in with your email and password first.' }, false),
  'auth/multi-factor-info-not-found': entry({ id: 'account.errors.multiFactorInfoNotFound', defaultMessage: 'That second factor is no longer on your account.' }, { id: 'account.errors.multiFactorInfoNotFoundAction', defaultMessage: 'Reload the page and choose another.' }, false),
  'auth/captcha-check-failed': entry({ id: 'account.errors.captchaCheckFailed', defaultMessage: "The check that you're not a robot failed." }, { id: 'account.errors.captchaCheckFailedAction', defaultMessage: 'Reload the page and try again.' }, true),
  'auth/quota-exceeded': entry({ id: 'account.errors.quotaExceeded', defaultMessage: 'Too many text messages were sent for now.' }, { id: 'account.errors.quotaExceededAction', defaultMessage: 'Wait a while, then try again.' }, true),
};

/** A staff callable's refusal of a sign-in without a second factor (`details.reason`, functions/src/handlers/request-error.ts). */
const secondFactorNeeded = entry(
  { id: 'account.errors.secondFactorNeeded', defaultMessage: 'Staff actions need a sign-in with your second factor.' },
  { id: 'account.errors.secondFactorNeededAction', defaultMessage: 'Set one up on the Account page if you have none, then sign out and sign in again with your code.' },
  false,
);

function callableReason(error: unknown): unknown {
  const details = error !== null && typeof error === 'object' && 'details' in error ? (error as { details?: unknown }).details : undefined;
  return details !== null && typeof details === 'object' && 'reason' in details ? details.reason : undefined;
}

export function describeSecondFactorError(error: unknown): ErrorDescription {
  const code = errorCode(error);
  if (code === 'functions/permission-denied' && callableReason(error) === 'second-factor-needed') return secondFactorNeeded;
  return (code !== undefined ? secondFactor[code] : undefined) ?? describeError(error);
}
