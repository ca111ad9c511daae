import { connectFunctionsEmulator, getFunctions, httpsCallable, type Functions } from 'firebase/functions';
import { appConfig } from '../config/firebase-config';
import { firebaseApp } from './app';
import { startAppCheck } from './app-check';

/** Callable functions, loaded only by the features that call one. */
let instance: Functions | undefined;

export function functions(): Functions {
  if (instance) return instance;
  // Before the first call: callables enforce App Check, and the SDK attaches its token to each call.
  startAppCheck(firebaseApp());
  instance = getFunctions(firebaseApp(), appConfig.functionsRegion);
  if (appConfig.emulators) connectFunctionsEmulator(instance, appConfig.emulators.host, appConfig.emulators.ports.functions);
  return instance;
}

/** `calendarLink`: the secret token of one's calendar feed (get it, replace it, or turn it off). */
export async function calendarToken(action: 'get' | 'rotate' | 'revoke'): Promise<string | null> {
  const call = httpsCallable<{ action: string }, { token: string | null }>(functions(), 'calendarLink');
  return (await call({ action })).data.token;
}
