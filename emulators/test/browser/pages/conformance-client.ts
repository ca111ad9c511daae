/**
 * Browser entry for the Chromium conformance client: hosts one of A's web SDK conformance
 * clients (`conformance/clients/web-sdk.ts`, which imports nothing from Node) and forwards
 * calls to it by name. Every argument and result is plain JSON by the ConformanceClient
 * contract, so the forwarding needs no per-method code.
 */
import type { ClientConfig, ConformanceClient } from '../../conformance/client.js';
import { createWebClient } from '../../conformance/clients/web-sdk.js';
import { exposeToHarness } from '../page-api.js';

let client: ConformanceClient | undefined;

exposeToHarness({
  async createClient(config: ClientConfig, name: string): Promise<void> {
    if (client !== undefined) throw new Error('This page already hosts a conformance client');
    client = await createWebClient(config, name);
  },

  async invoke(method: keyof ConformanceClient, args: unknown[]): Promise<unknown> {
    if (client === undefined) throw new Error('createClient() first');
    return (client[method] as (...callArgs: unknown[]) => Promise<unknown>).apply(client, args);
  },
});
