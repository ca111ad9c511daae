/**
 * firebase-admin's Firestore with `preferRest: true` (REST for unary calls; listeners still
 * use gRPC, as the SDK does).
 *
 * Offline without Google credentials: even with an emulator host, the REST transport (gax's
 * fallback client) asks google-auth-library for Application Default Credentials before its
 * first request and fails with "Could not load the default credentials". gax accepts an
 * `auth` object in the client settings; anything with `getRequestHeaders()` is used as the
 * auth client as-is. So we hand it one that adds no headers, through the public
 * `Firestore.settings()`, before first use. The emulator credential `Authorization: Bearer
 * owner` is still sent: the SDK adds it itself whenever `ssl` is false.
 *
 * What this client lacks by design: gax's REST transport derives an error's code from the
 * HTTP status alone (google-gax googleError.ts `parseHttpError`, status.ts
 * `HttpCodeToRpcCodeMap`), so ALREADY_EXISTS (409) arrives as ABORTED, which makes commits
 * retry for up to 10 minutes, and FAILED_PRECONDITION (400) as INVALID_ARGUMENT. The emulator
 * answers with the canonical HTTP status and `status` name, as Google does (the browser SDK
 * reads `status`), so this happens against production too.
 */
import type { ClientFactory } from '../client.js';
import { ADMIN_LACKS, createAdminClient } from './admin.js';

const REST_LACKS = [...ADMIN_LACKS, 'exactConflictCodes' as const];

export const EMULATOR_AUTH = {
  getRequestHeaders: async () => ({}),
  // Listeners still go over gRPC, whose stub checks the credentials' universe (then uses the
  // insecure channel credentials that `ssl: false` selects).
  getUniverseDomain: async () => 'googleapis.com',
};

export const adminRest: ClientFactory = {
  lacks: REST_LACKS,
  alwaysOwner: true,
  name: 'admin-rest',
  create: (config) => createAdminClient(config, { preferRest: true, name: 'admin-rest', lacks: REST_LACKS, extraSettings: { auth: EMULATOR_AUTH } }),
};
