/**
 * The SMS codes the Auth emulator makes instead of sending a text (second-factor enrolment
 * and sign-in): firebase-tools keeps every code it made and has not seen used in memory and
 * lists them at `GET /emulator/v1/projects/{p}/verificationCodes`
 * (lib/emulator/auth/operations.js `listVerificationCodesInProject`), oldest first. A code
 * is removed once used; a newer code for the same number does not remove an older one, so
 * "the code" for a number is the last one listed for it.
 *
 * Read by `npm run mfa-code`, by `npm start` to print each new code, and by the tests that
 * sign in as a person would (reading the code the person would read).
 */

export interface VerificationCode {
  phoneNumber: string;
  code: string;
  /** Identifies the request the code answers (the SDK's verificationId). */
  sessionInfo: string;
}

export interface CodeForPhone extends VerificationCode {
  /** The emails of the accounts with this number enrolled as a second factor. */
  accounts: string[];
}

const origin = (authHost: string) => (authHost.startsWith('http') ? authHost.replace(/\/$/, '') : `http://${authHost}`);

async function ownerJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { Authorization: 'Bearer owner' }, signal: AbortSignal.timeout(10_000) });
  const body = await response.text();
  if (!response.ok) throw new Error(`GET ${new URL(url).pathname} answered ${response.status}: ${body.slice(0, 200)}`);
  return JSON.parse(body) as T;
}

/** Every code the emulator holds, oldest first. */
export async function listVerificationCodes(authHost: string, projectId: string): Promise<VerificationCode[]> {
  const { verificationCodes } = await ownerJson<{ verificationCodes?: VerificationCode[] }>(`${origin(authHost)}/emulator/v1/projects/${projectId}/verificationCodes`);
  return verificationCodes ?? [];
}

/** The newest code of each number, in the order the numbers last got one. */
export function latestPerPhone(codes: readonly VerificationCode[]): VerificationCode[] {
  const latest = new Map<string, VerificationCode>();
  for (const code of codes) {
    latest.delete(code.phoneNumber);
    latest.set(code.phoneNumber, code);
  }
  return [...latest.values()];
}

interface EmulatorAccount {
  email?: string;
  mfaInfo?: Array<{ phoneInfo?: string }>;
}

/** Which accounts enrolled each number as a second factor. */
export async function accountsByPhone(authHost: string, projectId: string): Promise<Map<string, string[]>> {
  const { users } = await ownerJson<{ users?: EmulatorAccount[] }>(`${origin(authHost)}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:batchGet?maxResults=-1`);
  const byPhone = new Map<string, string[]>();
  for (const user of users ?? []) {
    for (const factor of user.mfaInfo ?? []) {
      if (!factor.phoneInfo) continue;
      byPhone.set(factor.phoneInfo, [...(byPhone.get(factor.phoneInfo) ?? []), user.email ?? '(no email)']);
    }
  }
  return byPhone;
}

/** The newest code of each number, with the accounts it signs in. */
export async function latestCodes(authHost: string, projectId: string): Promise<CodeForPhone[]> {
  const [codes, accounts] = await Promise.all([listVerificationCodes(authHost, projectId), accountsByPhone(authHost, projectId)]);
  return latestPerPhone(codes).map((code) => ({ ...code, accounts: accounts.get(code.phoneNumber) ?? [] }));
}

/** `123456  for +16505550101 (staff@encore.test)`: one line of `npm run mfa-code` and of `npm start`'s console. */
export function describeCode({ code, phoneNumber, accounts }: Pick<CodeForPhone, 'code' | 'phoneNumber'> & { accounts?: readonly string[] }): string {
  return `${code}  for ${phoneNumber}${accounts && accounts.length > 0 ? ` (${accounts.join(', ')})` : ''}`;
}
