import { fileURLToPath } from 'node:url';

/** The repository root: this file is emulators/src/cli/root-dir.ts (or its build in dist/cli/). */
export const ROOT_DIR = fileURLToPath(new URL('../../../', import.meta.url));
