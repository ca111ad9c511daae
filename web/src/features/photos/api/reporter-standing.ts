import { reporterStandingSchema, type ReporterStandingAnswer } from '@encore/model';
import { httpsCallable } from 'firebase/functions';
import { functions } from '../../../firebase/functions';

/**
 * Asks the backend whether this person may report photos (`reporterStanding`). When it
 * has just granted the trust claim, or the email was verified since the ID token was
 * issued, the token is refreshed first, so the rules see what the backend decided.
 */
export async function fetchReporterStanding(): Promise<ReporterStandingAnswer> {
  const call = httpsCallable<void, unknown>(functions(), 'reporterStanding');
  const answer = reporterStandingSchema.parse((await call()).data);
  if (answer.refreshToken) {
    const { auth } = await import('../../../firebase/auth');
    await auth().currentUser?.getIdToken(true);
  }
  return answer;
}

/** Sends the signed-in person a link that verifies their email address. */
export async function sendVerificationEmail(): Promise<void> {
  const [{ auth }, { sendEmailVerification }] = await Promise.all([import('../../../firebase/auth'), import('firebase/auth')]);
  const user = auth().currentUser;
  if (user) await sendEmailVerification(user);
}
