import type { ReporterStandingAnswer } from '@encore/model';
import { TRUSTED_REPORTER_CLAIM, reporterStanding } from '../domain/reporter-trust.js';
import type { Deps } from './deps.js';
import { RequestError, type Caller } from './request-error.js';

/**
 * `reporterStanding`: may the caller report photos, and if not, why not and from when.
 * An account trusted by its age gets the `trustedReporter` claim here, the one place the
 * rules can learn of it; the client then refreshes its ID token (`refreshToken`), as it
 * must too when its email was verified after the token it holds was issued.
 */
export async function handleReporterStanding(deps: Pick<Deps, 'accounts' | 'now' | 'settings'>, caller: Caller | undefined): Promise<ReporterStandingAnswer> {
  if (!caller) throw new RequestError('unauthenticated', 'Sign in first.');
  const standing = reporterStanding(await deps.accounts.find(caller.uid), deps.now(), deps.settings.reporterMinAccountAgeDays);
  if (!standing.trusted) {
    return { canReport: false, because: standing.because, trustedFrom: standing.trustedFrom?.toISOString() ?? null, refreshToken: false };
  }
  let refreshToken = false;
  if (standing.because === 'account-age' && caller.token[TRUSTED_REPORTER_CLAIM] !== true) {
    await deps.accounts.markTrustedReporter(caller.uid);
    refreshToken = true;
  }
  if (standing.because === 'verified-email' && caller.token.email_verified !== true) refreshToken = true;
  return { canReport: true, because: standing.because, trustedFrom: null, refreshToken };
}
