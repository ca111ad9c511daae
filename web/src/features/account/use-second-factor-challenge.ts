import { useCallback, useState } from 'react';
import type { SecondFactorChallenge } from '../../firebase/second-factor';
import { errorCode } from '../../errors/describe-error';

const secondFactor = () => import('../../firebase/second-factor');

/**
 * The Account page's sign-in forms report their errors here: a password (or email link, or
 * Google) sign-in of an account with a second factor fails with
 * `auth/multi-factor-auth-required`, which is no error but the start of the second step
 * (`challenge`); anything else goes to `onError`.
 */
export function useSecondFactorChallenge(onError: (error: unknown) => void) {
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  const onSignInError = useCallback(
    (error: unknown) => {
      if (errorCode(error) !== 'auth/multi-factor-auth-required') {
        onError(error);
        return;
      }
      onError(null);
      secondFactor().then((module) => setChallenge(module.secondFactorChallenge(error)), onError);
    },
    [onError],
  );
  const clear = useCallback(() => setChallenge(null), []);
  return { challenge, onSignInError, clear };
}
