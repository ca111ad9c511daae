/**
 * The Pub/Sub v1 service definitions, loaded from the JSON descriptor that ships with
 * @google-cloud/pubsub (the same one its GAPIC client loads), so the emulator and the
 * client can never disagree about the wire format.
 */
import { createRequire } from 'node:module';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';

const require = createRequire(import.meta.url);

/**
 * Decoding options: camelCase fields, int64 as strings, enums by name, and defaults filled in,
 * so handlers read `request.ackDeadlineSeconds` as 0 rather than undefined; unset message
 * fields arrive as null.
 */
const LOADER_OPTIONS: protoLoader.Options = {
  keepCase: false,
  longs: String,
  enums: String,
  defaults: true,
  oneofs: true,
};

export interface PubSubServices {
  Publisher: grpc.ServiceDefinition;
  Subscriber: grpc.ServiceDefinition;
}

interface ServiceConstructor {
  service: grpc.ServiceDefinition;
}

let loaded: PubSubServices | undefined;

/** Parsed once per process: the descriptor is 200 kB of JSON. */
export function loadPubSubServices(): PubSubServices {
  loaded ??= parseServices();
  return loaded;
}

function parseServices(): PubSubServices {
  const descriptor = require('@google-cloud/pubsub/build/protos/protos.json') as Parameters<typeof protoLoader.fromJSON>[0];
  const definition = protoLoader.fromJSON(descriptor, LOADER_OPTIONS);
  const v1 = (grpc.loadPackageDefinition(definition) as unknown as {
    google: { pubsub: { v1: Record<string, ServiceConstructor> } };
  }).google.pubsub.v1;
  return { Publisher: v1.Publisher!.service, Subscriber: v1.Subscriber!.service };
}
