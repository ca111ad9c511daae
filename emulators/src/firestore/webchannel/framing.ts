/**
 * Back-channel framing: every response body the client reads is a series of
 * `<length>\n<payload>` chunks, where the length counts UTF-16 code units of the payload
 * (JS `string.length`), not bytes: the client measures the decoded text.
 */

/** One `<length>\n<payload>` chunk. */
export function frame(payload: string): string {
  return `${payload.length}\n${payload}`;
}

/** A chunk holding the given already-encoded `[id, array]` entries. */
export function frameArrays(encodedArrays: readonly string[]): string {
  return frame(`[${encodedArrays.join(',')}]`);
}

/** One `[id, array]` entry, JSON-encoded. */
export function encodeArray(id: number, array: readonly unknown[]): string {
  return JSON.stringify([id, array]);
}

/**
 * The forward-POST acknowledgement: `[backChannelPresent, lastArrayIdSent, outstandingBytes]`.
 * Any other shape is BAD_RESPONSE to the client, which closes the channel.
 */
export function frameForwardAck(hasBackChannel: boolean, lastArrayId: number, outstandingBytes: number): string {
  return frame(JSON.stringify([hasBackChannel ? 1 : 0, lastArrayId, outstandingBytes]));
}
