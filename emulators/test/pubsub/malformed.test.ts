import { afterAll, beforeAll, expect, test } from 'vitest';
import { Client, credentials, Metadata, status, type ServiceError } from '@grpc/grpc-js';
import { uniqueId, waitFor, usePubSubTestBed } from './harness.js';

const bed = usePubSubTestBed();

let raw: Client;
beforeAll(async () => {
  raw = new Client(bed.emulator.endpoint, credentials.createInsecure());
});
afterAll(async () => {
  raw.close();
});

/** Sends bytes that are not a valid protobuf message to a Publisher method. */
function sendGarbage(method: string): Promise<ServiceError> {
  return new Promise((resolve, reject) => {
    raw.makeUnaryRequest(
      `/google.pubsub.v1.Publisher/${method}`,
      (bytes: Buffer) => bytes,
      (bytes: Buffer) => bytes,
      Buffer.from([0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f, 0x01]),
      new Metadata(),
      (error) => (error ? resolve(error) : reject(new Error('garbage was accepted'))),
    );
  });
}

test('undecodable request bytes fail that call only', async () => {
  const error = await sendGarbage('Publish');
  expect(error.code).not.toBe(status.OK);
  const [topic] = await bed.pubsub.createTopic(uniqueId('after-garbage'));
  expect(await topic.publishMessage({ data: Buffer.from('ok') })).toMatch(/^\d+$/);
});

test('a StreamingPull with a bad stream ack deadline ends with INVALID_ARGUMENT', async () => {
  const [topic] = await bed.pubsub.createTopic(uniqueId('bad-stream'));
  const [subscription] = await topic.createSubscription(uniqueId('bad-stream-sub'));
  const stream = bed.subscriber.streamingPull();
  const error = new Promise<ServiceError>((resolve) => stream.on('error', resolve));
  stream.on('data', () => undefined);
  stream.write({ subscription: subscription.name, streamAckDeadlineSeconds: 5 });
  expect(await error).toMatchObject({
    code: status.INVALID_ARGUMENT,
    details: expect.stringContaining('stream_ack_deadline_seconds must be between 10 and 600 seconds'),
  });
});

test('a StreamingPull with mismatched deadline lists ends with INVALID_ARGUMENT', async () => {
  const [topic] = await bed.pubsub.createTopic(uniqueId('mismatch'));
  const [subscription] = await topic.createSubscription(uniqueId('mismatch-sub'));
  const stream = bed.subscriber.streamingPull();
  const error = new Promise<ServiceError>((resolve) => stream.on('error', resolve));
  stream.on('data', () => undefined);
  stream.write({ subscription: subscription.name, streamAckDeadlineSeconds: 10 });
  stream.write({ modifyDeadlineAckIds: ['1-1', '2-1'], modifyDeadlineSeconds: [10] });
  expect((await error).code).toBe(status.INVALID_ARGUMENT);
});

test('acks and deadline changes sent over a StreamingPull take effect', async () => {
  const [topic] = await bed.pubsub.createTopic(uniqueId('stream-ack'));
  const [subscription] = await topic.createSubscription(uniqueId('stream-ack-sub'));
  const acked = await topic.publishMessage({ data: Buffer.from('acked over the stream') });
  const nacked = await topic.publishMessage({ data: Buffer.from('nacked over the stream') });
  const stream = bed.subscriber.streamingPull();
  const received: Array<{ ackId: string; message: { messageId: string } }> = [];
  stream.on('data', (response: { receivedMessages: typeof received }) => received.push(...response.receivedMessages));
  stream.on('error', () => undefined);
  stream.write({ subscription: subscription.name, streamAckDeadlineSeconds: 10 });
  await waitFor(() => received.length === 2);
  const ackIdOf = (id: string): string => received.find((m) => m.message.messageId === id)!.ackId;

  stream.write({ ackIds: [ackIdOf(acked)] });
  // Nacking both: only the one that was not acked can come back.
  stream.write({ modifyDeadlineAckIds: [ackIdOf(acked), ackIdOf(nacked)], modifyDeadlineSeconds: [0, 0] });
  await waitFor(() => received.length === 3);
  stream.cancel();
  expect(received[2]!.message.messageId).toBe(nacked);
});
