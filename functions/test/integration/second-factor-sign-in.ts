/**
 * Signs the web SDK in with a password and then the SMS code the Auth emulator made, as a
 * staff member with a second factor does. The web SDK's phone provider is browser-only, so the
 * code goes through the emulator's REST API, as the SDK in a browser sends it.
 */
import { getIdTokenResult, getMultiFactorResolver, signInWithEmailAndPassword, type Auth, type MultiFactorError } from 'firebase/auth';
import { expect } from 'vitest';
import { latestCodes } from '@encore/emulators/stack';

export async function signInWithSecondFactor(auth: Auth, authHost: string, projectId: string, email: string, password: string): Promise<void> {
  const identityToolkit = async <T>(path: string, body: Record<string, unknown>): Promise<T> => {
    const response = await fetch(`http://${authHost}/identitytoolkit.googleapis.com/${path}?key=demo-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  };
  const refused = await signInWithEmailAndPassword(auth, email, password).then(
    () => undefined,
    (error: unknown) => error as MultiFactorError,
  );
  expect(refused?.code).toBe('auth/multi-factor-auth-required');
  const resolver = getMultiFactorResolver(auth, refused!);
  const pendingCredential = (resolver.session as unknown as { credential: string }).credential;
  const started = await identityToolkit<{ phoneResponseInfo: { sessionInfo: string } }>('v2/accounts/mfaSignIn:start', {
    mfaPendingCredential: pendingCredential,
    mfaEnrollmentId: resolver.hints[0]!.uid,
  });
  const { sessionInfo } = started.phoneResponseInfo;
  const code = (await latestCodes(authHost, projectId)).find((sent) => sent.sessionInfo === sessionInfo)?.code;
  expect(code).toMatch(/^\d{6}$/);
  const assertion = {
    factorId: 'phone',
    _process: (_auth: unknown, session: { credential: string }) =>
      identityToolkit<{ idToken: string; refreshToken: string }>('v2/accounts/mfaSignIn:finalize', {
        mfaPendingCredential: session.credential,
        phoneVerificationInfo: { sessionInfo, code },
      }),
  };
  await resolver.resolveSignIn(assertion as never);
  expect((await getIdTokenResult(auth.currentUser!)).signInSecondFactor).toBe('phone');
}
