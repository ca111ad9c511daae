/**
 * The clients every conformance case runs through: firebase-admin over gRPC and with
 * `preferRest`, the web SDK in Node (gRPC), and the same web SDK client in headless Chromium
 * (WebChannel and REST with CORS; helper B's `clients/web-chromium.ts`).
 */
import type { ClientFactory } from './client.js';
import { adminGrpc } from './clients/admin-grpc.js';
import { adminRest } from './clients/admin-rest.js';
import { webChromium } from './clients/web-chromium.js';
import { webSdk } from './clients/web-sdk.js';

export const CLIENTS: ClientFactory[] = [adminGrpc, adminRest, webSdk, webChromium];
