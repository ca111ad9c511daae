/**
 * For the matrices about who someone is to whom (friends, groups) rather than which role they
 * have: named people, each with their own test context, on one stack for the whole file.
 */
import type { RulesTestContext } from '@firebase/rules-unit-testing';
import type { Firestore } from 'firebase/firestore';
import { afterAll, beforeAll } from 'vitest';
import { startMatrixStack, type MatrixStack } from './harness.js';

export interface Identity {
  uid: string;
  claims: Record<string, unknown>;
}

/** Someone signed in with a verified email and password. */
export const passwordAccount = (uid: string): Identity => ({
  uid,
  claims: { email: `${uid}@example.com`, email_verified: true, firebase: { sign_in_provider: 'password', identities: {} } },
});

/** A visitor without an account (Firebase's anonymous sign-in). */
export const anonymousAccount = (uid: string): Identity => ({ uid, claims: { firebase: { sign_in_provider: 'anonymous', identities: {} } } });

export interface PeopleMatrix<Person extends string> {
  /** The stack (started before the file's tests): its owner's back door arranges each case. */
  readonly stack: MatrixStack;
  /** A person's Firestore, through the rules; `signedOut` is no one. */
  db(person: Person | 'signedOut'): Firestore;
}

/** Starts the stack before the file's tests and stops it after; one context per person. */
export function matrixOfPeople<Person extends string>(people: Record<Person, Identity>): PeopleMatrix<Person> {
  let stack: MatrixStack | undefined;
  const contexts = new Map<Person | 'signedOut', RulesTestContext>();
  beforeAll(async () => {
    stack = await startMatrixStack();
    contexts.set('signedOut', stack.env.unauthenticatedContext());
    for (const [name, identity] of Object.entries(people) as Array<[Person, Identity]>) contexts.set(name, stack.asIdentity(identity));
  });
  afterAll(async () => {
    await stack?.stop();
  });
  return {
    get stack() {
      if (!stack) throw new Error('the matrix stack starts in beforeAll: use it inside tests and hooks');
      return stack;
    },
    db: (person) => contexts.get(person)!.firestore() as unknown as Firestore,
  };
}
