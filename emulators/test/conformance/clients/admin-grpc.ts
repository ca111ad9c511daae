/** firebase-admin's Firestore over gRPC (its default transport). */
import type { ClientFactory } from '../client.js';
import { ADMIN_LACKS, createAdminClient } from './admin.js';

export const adminGrpc: ClientFactory = {
  lacks: ADMIN_LACKS,
  alwaysOwner: true,
  name: 'admin-grpc',
  create: (config) => createAdminClient(config, { preferRest: false, name: 'admin-grpc' }),
};
