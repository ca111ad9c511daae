import { FirestoreError } from 'firebase/firestore';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import dutch from '../i18n/nl/index';
import { describeError, describeRefusal, errorSentence as sentenceIn } from './describe-error';

const english = createIntl({ locale: 'en-GB', defaultLocale: 'en-GB' });
const errorSentence = (error: unknown) => sentenceIn(english, error);

const FIRESTORE_CODES = [
  'cancelled',
  'unavailable',
  'deadline-exceeded',
  'invalid-argument',
  'failed-precondition',
  'permission-denied',
  'unauthenticated',
  'resource-exhausted',
  'unknown',
] as const;

const STORAGE_CODES = [
  'object-not-found',
  'unauthenticated',
  'unauthorized',
  'quota-exceeded',
  'retry-limit-exceeded',
  'canceled',
] as const;

/** FirestoreError as the SDK throws it (its constructor is internal in the typings). */
const firestoreError = (code: string, message = '') =>
  new (FirestoreError as unknown as new (code: string, message: string) => FirestoreError)(code, message);

/** The shape StorageError has: code prefixed with `storage/`. */
function storageError(code: string): Error & { code: string } {
  return Object.assign(new Error(`Firebase Storage: (storage/${code})`), { code: `storage/${code}` });
}

describe('describeError', () => {
  it.each(FIRESTORE_CODES)('explains Firestore %s with a sentence and a next step, never the code', (code) => {
    const description = describeError(firestoreError(code, `raw ${code}`));
    expect(description.message.defaultMessage).toMatch(/^[A-Z].*\.$/);
    expect(description.action.defaultMessage).toMatch(/^[A-Z].*\.$/);
    expect(errorSentence(firestoreError(code, 'x'))).not.toContain(code);
  });

  it.each(STORAGE_CODES)('explains Storage %s with a sentence and a next step, never the code', (code) => {
    const description = describeError(storageError(code));
    expect(description.message.defaultMessage).toMatch(/^[A-Z].*\.$/);
    expect(description.action.defaultMessage).toMatch(/^[A-Z].*\.$/);
    expect(errorSentence(storageError(code))).not.toContain(`storage/${code}`);
  });

  it('gives every code its own advice', () => {
    const sentences = new Set([
      ...FIRESTORE_CODES.map((code) => errorSentence(firestoreError(code, ''))),
      ...STORAGE_CODES.map((code) => errorSentence(storageError(code))),
    ]);
    expect(sentences.size).toBe(FIRESTORE_CODES.length + STORAGE_CODES.length);
  });

  it('says which errors are worth retrying', () => {
    expect(describeError(firestoreError('unavailable', '')).retryable).toBe(true);
    expect(describeError(firestoreError('permission-denied', '')).retryable).toBe(false);
    expect(describeError(storageError('retry-limit-exceeded')).retryable).toBe(true);
  });

  it('falls back to a generic sentence for unknown storage codes and plain errors', () => {
    expect(describeError(storageError('brand-new-code')).message.defaultMessage).toBe('The upload failed for an unknown reason.');
    expect(errorSentence(new TypeError('x is undefined'))).toBe('Something went wrong. Try again; if it keeps happening, reload the page.');
    expect(errorSentence('a string')).toBe('Something went wrong. Try again; if it keeps happening, reload the page.');
  });

  it('explains callable function errors with the canonical code table', () => {
    expect(errorSentence({ code: 'functions/unauthenticated' })).toBe(errorSentence(firestoreError('unauthenticated')));
  });

  it('explains auth errors met while signing in', () => {
    expect(errorSentence({ code: 'auth/email-already-in-use' })).toBe('That email already has an Encore account. Sign in with it instead.');
  });

  it('speaks Dutch when the reader does', () => {
    const dutchIntl = createIntl({ locale: 'nl-NL', defaultLocale: 'en-GB', messages: dutch });
    expect(sentenceIn(dutchIntl, firestoreError('permission-denied'))).toBe(
      'Je hebt geen toestemming om dat te doen. Log in met het juiste account, of vraag het festivalteam om toegang.',
    );
  });
});

describe('describeRefusal', () => {
  const full = { message: { id: 'test.full', defaultMessage: 'This group is full.' }, action: { id: 'test.other', defaultMessage: 'Make another.' }, retryable: false };
  const refusal = (reason: string) => Object.assign(new Error('refused'), { code: 'functions/failed-precondition', details: { reason } });

  it("gives a callable's own reason its own words", () => {
    expect(describeRefusal({ 'group-full': full }, refusal('group-full'))).toBe(full);
  });

  it('falls back to the canonical code for a reason it does not know, even one named like an object property', () => {
    expect(describeRefusal({ 'group-full': full }, refusal('no-group'))).toEqual(describeError(refusal('no-group')));
    expect(describeRefusal({ 'group-full': full }, refusal('constructor'))).toEqual(describeError(refusal('constructor')));
    expect(describeRefusal({ 'group-full': full }, null)).toEqual(describeError(null));
  });
});
