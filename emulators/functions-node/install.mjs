// Installs the Node binary the local functions runner uses (README.md beside this file):
// `npm ci` of this small project, run by the emulators workspace's postinstall. Skipped when
// the locked binary for this machine is already in place, or when the lockfile has none for
// it (the runner then says so in one line when it starts).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8'));

const fits = (allowed, actual) => allowed === undefined || [allowed].flat().includes(actual);
const forThisMachine = Object.entries(lock.packages).filter(
  ([path, entry]) => path.startsWith('node_modules/') && fits(entry.os, process.platform) && fits(entry.cpu, process.arch),
);
const installedVersion = (path) => {
  const manifest = join(dir, path, 'package.json');
  return existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')).version : undefined;
};

if (forThisMachine.some(([path, entry]) => installedVersion(path) !== entry.version)) {
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit', shell: process.platform === 'win32' });
}
