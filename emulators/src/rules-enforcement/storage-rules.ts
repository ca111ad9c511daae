/**
 * Storage security rules in the Storage emulator: its `Authorizer` seam answered by the
 * rules engine with the source the emulator holds. Without any rules the emulator stays
 * open (as before rules were loaded); once rules are set, only they decide.
 */
import type { Decision, DocumentAccessor } from '../rules/index.js';
import type { AccessRequest, Authorizer } from '../storage/access.js';
import { compileRules } from './compiled-rules.js';

export interface StorageRulesOptions {
  /** Backs `firestore.get()`/`firestore.exists()`; without it those calls error (and so deny). */
  firestore?: DocumentAccessor;
  /** Told about every denial, with the engine's reason (for logs). */
  onDenied?: (request: AccessRequest, reason: string) => void;
}

export function enforceStorageRules(options: StorageRulesOptions = {}): Authorizer {
  return async (request) => {
    if (request.rules === undefined) return true;
    const engine = compileRules(request.rules, 'firebase.storage');
    let decision: Decision;
    try {
      decision = await engine.authorizeStorage({
        method: request.method,
        bucket: request.bucket,
        path: request.path,
        auth: request.auth,
        resource: request.resource,
        incoming: request.incoming,
        ...(options.firestore ? { firestore: options.firestore } : {}),
      });
    } catch (error) {
      // A document read that failed (Firestore emulator gone...): nothing proves access.
      options.onDenied?.(request, `Rules evaluation failed: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
    if (!decision.allowed) options.onDenied?.(request, decision.reason);
    return decision.allowed;
  };
}
