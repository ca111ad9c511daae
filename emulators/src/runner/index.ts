/** The local Cloud Functions runner (port 5001): public entry. */
export { startFunctionsRunner, type FunctionsRunner, type FunctionsRunnerOptions, type JobResult } from './runner.js';
export type { FunctionDefinition, Trigger } from './definitions.js';
export type { EmulatorHosts } from './environment.js';
export type { RetryPolicy } from './backoff.js';
export type { InvocationLogger, InvocationRecord, Outcome } from './invocation-log.js';
export { PubSubBridge } from './pubsub-bridge.js';
export { LocalAppCheck, type AppCheckClaims } from './app-check.js';
export { appCheckExchangePath } from './app-check-http.js';
