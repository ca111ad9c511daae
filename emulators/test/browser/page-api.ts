/**
 * Browser side of the harness: a test entry registers the functions the test may call.
 * Arguments and results cross the page boundary as JSON (structured clone), so keep them
 * plain data.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the harness forwards any JSON-shaped call
export type PageFunctions = Record<string, (...args: any[]) => unknown>;

declare global {
  var __encoreHarness: PageFunctions | undefined;
}

export function exposeToHarness(functions: PageFunctions): void {
  globalThis.__encoreHarness = { ...globalThis.__encoreHarness, ...functions };
}
