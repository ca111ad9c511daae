/** Shared by the runner tests: where the fixture functions live and how to read what they recorded. */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIXTURE_DIR = fileURLToPath(new URL('../fixtures/functions/', import.meta.url));
export const FIXTURE_MODULE = join(FIXTURE_DIR, 'index.js');

export interface Recorded {
  fn: string;
  [field: string]: unknown;
}

/** A fresh file the fixture functions append their observations to. */
export class RecordFile {
  readonly dir = mkdtempSync(join(tmpdir(), 'encore-runner-'));
  readonly path = join(this.dir, 'records.jsonl');

  all(): Recorded[] {
    if (!existsSync(this.path)) return [];
    return readFileSync(this.path, 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Recorded);
  }

  of(fn: string): Recorded[] {
    return this.all().filter((record) => record.fn === fn);
  }

  /** Polls until `fn` has recorded at least `count` times (the runner delivers asynchronously). */
  async waitFor(fn: string, count = 1, timeoutMs = 20_000): Promise<Recorded[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.of(fn);
      if (found.length >= count) return found;
      if (Date.now() > deadline) throw new Error(`${fn} recorded ${found.length} of ${count} expected calls`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** An unsigned ID token shaped like the Auth emulator's (alg "none"). */
export function emulatorIdToken(projectId: string, uid: string, email: string): string {
  const now = Math.floor(Date.now() / 1000);
  const encode = (part: object): string => Buffer.from(JSON.stringify(part)).toString('base64url');
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode({
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    sub: uid,
    user_id: uid,
    email,
    email_verified: true,
    iat: now,
    exp: now + 3600,
    auth_time: now,
    firebase: { identities: { email: [email] }, sign_in_provider: 'password' },
  })}.`;
}
