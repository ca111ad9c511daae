/** Checks on ack ids and ack deadlines shared by Acknowledge, ModifyAckDeadline and StreamingPull. */
import { MAX_ACK_DEADLINE_SECONDS } from './resources.js';
import { invalidArgument } from './status.js';
import { isWellFormedAckId } from './subscription-queue.js';

export function validateAckIds(ackIds: readonly string[]): void {
  for (const ackId of ackIds) {
    if (!isWellFormedAckId(ackId)) {
      throw invalidArgument(`You have passed an invalid ack ID to the service (ack_id=${ackId}).`);
    }
  }
}

export function validateAckDeadline(seconds: number): void {
  if (seconds < 0 || seconds > MAX_ACK_DEADLINE_SECONDS) {
    throw invalidArgument(
      `Invalid ack deadline given (ack_deadline=${seconds}). The ack deadline must be between 0 and ${MAX_ACK_DEADLINE_SECONDS} seconds.`,
    );
  }
}
