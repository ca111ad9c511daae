import type { AppConfig } from './read-config';

// Apart from firebase-config.ts, which the first page runs: only the calendar feed asks.

/** The public URL of an HTTPS function, on the emulator or in production. */
export function functionUrl(name: string, config: AppConfig): string {
  const { projectId } = config.firebase;
  if (config.emulators) return `http://${config.emulators.host}:${config.emulators.ports.functions}/${projectId}/${config.functionsRegion}/${name}`;
  return `https://${config.functionsRegion}-${projectId}.cloudfunctions.net/${name}`;
}
