/**
 * The stream message that carries a Firestore error to the browser SDK: a normal data array
 * sent with HTTP 200. The SDK reads only `status` (mapCodeFromRpcStatus), so it must be the
 * canonical google.rpc.Code name; unknown numbers become UNKNOWN.
 */
import { RpcCode, statusName } from '../errors.js';

export function streamErrorMessage(code: number, message: string): object {
  const status = statusName(code);
  return { error: { code: RpcCode[status], message, status } };
}
