/** Starting and stopping Encore's local backend: in-process for tests, the whole festival for `npm start`. */
export { startStack, DEFAULT_PROJECT_ID, type Stack, type StackOptions } from './stack.js';
export { startFestival, DATA_DIR, type FestivalOptions, type RunningFestival } from './festival.js';
export { festivalBanner } from './banner.js';
// The browser tests start empty the way `npm start -- --empty` does (web/test/browser/local-stack.ts).
export { chooseStartMode, StartRefused, type StartMode } from './start-mode.js';
export { LOCAL_ADMIN_FILE } from './data-dir.js';
export { DEFAULT_PORTS, PORTS_ENV, parsePortSetting, portsFromFirebaseJson, resolvePorts, type StackPorts } from './ports.js';
export { startAuthEmulator, type AuthEmulator, type AuthEmulatorOptions } from './auth-emulator.js';
export { findFreePort } from './free-port.js';
export { describeCode, latestCodes, listVerificationCodes, type CodeForPhone, type VerificationCode } from './verification-codes.js';
export { OFFICIAL_HOST_ENV, TARGET_ENV, officialHost, officialProject, onlyEncore, testTarget, type HostPort, type TestTarget } from './test-target.js';
export type { InvocationRecord } from '../runner/index.js';
// Tests on the official target mint App Check tokens themselves (functions/test/integration/official-stack.ts).
export { LocalAppCheck } from '../runner/app-check.js';
export { fetchUsage, resetUsage, type StackUsage, type UsageHosts } from './usage.js';
export type { FirestoreUsage, OperationCounts } from '../firestore/index.js';
export type { StorageUsage, StorageCounts } from '../storage/index.js';
