/**
 * The Pub/Sub v1 messages as @grpc/proto-loader decodes them (see proto.ts): camelCase
 * fields, int64 as strings, enums by name, scalars defaulted, unset messages null.
 * Only the fields the emulator reads or writes are typed; the rest pass through untouched.
 */

export interface Duration {
  seconds: string | number;
  nanos: number;
}

export interface Timestamp {
  seconds: string | number;
  nanos: number;
}

export interface PubsubMessage {
  data: Buffer;
  attributes: Record<string, string>;
  messageId: string;
  publishTime: Timestamp | null;
  orderingKey: string;
}

export interface Topic {
  name: string;
  labels: Record<string, string>;
  messageRetentionDuration: Duration | null;
  state?: string;
  [field: string]: unknown;
}

export interface PushConfig {
  pushEndpoint: string;
  attributes: Record<string, string>;
  [field: string]: unknown;
}

export interface RetryPolicy {
  minimumBackoff: Duration | null;
  maximumBackoff: Duration | null;
}

export interface DeadLetterPolicy {
  deadLetterTopic: string;
  maxDeliveryAttempts: number;
}

export interface Subscription {
  name: string;
  topic: string;
  pushConfig: PushConfig | null;
  ackDeadlineSeconds: number;
  retainAckedMessages: boolean;
  messageRetentionDuration: Duration | null;
  labels: Record<string, string>;
  enableMessageOrdering: boolean;
  expirationPolicy: { ttl: Duration | null } | null;
  filter: string;
  deadLetterPolicy: DeadLetterPolicy | null;
  retryPolicy: RetryPolicy | null;
  detached: boolean;
  enableExactlyOnceDelivery: boolean;
  state?: string;
  [field: string]: unknown;
}

export interface FieldMask {
  paths: string[];
}

export interface ReceivedMessage {
  ackId: string;
  message: PubsubMessage;
  deliveryAttempt: number;
}

export interface StreamingPullRequest {
  subscription: string;
  ackIds: string[];
  modifyDeadlineSeconds: number[];
  modifyDeadlineAckIds: string[];
  streamAckDeadlineSeconds: number;
  clientId: string;
  maxOutstandingMessages: string;
  maxOutstandingBytes: string;
  protocolVersion: string;
}

export interface StreamingPullResponse {
  receivedMessages: ReceivedMessage[];
  subscriptionProperties?: { exactlyOnceDeliveryEnabled: boolean; messageOrderingEnabled: boolean };
}
