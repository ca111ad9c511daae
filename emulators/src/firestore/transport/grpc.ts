/**
 * The gRPC transport: `google.firestore.v1.Firestore` on a grpc-js Server that never binds a
 * port of its own: the one-port listener hands it HTTP/2 connections. Messages are converted
 * to proto3 JSON at the edge, so the API and streams see the same JSON as REST and WebChannel.
 */
import * as grpc from '@grpc/grpc-js';
import { BadTokenError, callerFromAuthorization, type Caller } from '../../common/auth.js';
import { grpcTimeoutOptions, type HttpTimeouts } from '../../common/http-timeouts.js';
import { MESSAGE_TOO_DEEP, checkNesting, isStackOverflow, messageTooDeep } from '../engine/nesting.js';
import { FirestoreError, RpcCode, asFirestoreError } from '../errors.js';
import type { FirestoreApi} from '../service/firestore-api.js';
import { STREAMING_METHODS, UNARY_METHODS, type StreamingMethod, type UnaryMethod } from '../service/firestore-api.js';
import type { OpenStream, StreamKind } from '../streams.js';
import { codecFor, firestoreService } from './proto-codec.js';

type Json = Record<string, unknown>;

function metadataHeaders(metadata: grpc.Metadata): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(metadata.getMap())) headers[key.toLowerCase()] = String(value);
  return headers;
}

function callerOf(metadata: grpc.Metadata): Caller {
  const value = metadata.get('authorization')[0];
  return callerOfHeader(value === undefined ? undefined : String(value));
}

function callerOfHeader(value: string | undefined): Caller {
  try {
    return callerFromAuthorization(value);
  } catch (error) {
    if (error instanceof BadTokenError) throw new FirestoreError('UNAUTHENTICATED', error.message);
    throw error;
  }
}

/** A call's status as grpc-js's `sendUnaryData` takes it (and as grpc-unary.ts sends it). */
export function toServiceError(error: unknown): { code: number; details: string; message: string } {
  const failure = asFirestoreError(error);
  return { code: failure.code, details: failure.message, message: failure.message };
}

/** Decoding errors surface as INVALID_ARGUMENT instead of grpc-js's generic INTERNAL. */
function safeDecode(decode: (buffer: Buffer) => unknown): (buffer: Buffer) => unknown {
  return (buffer) => {
    try {
      return decode(buffer);
    } catch (error) {
      // protobufjs decodes recursively: a message nested thousands deep overflows the stack.
      if (isStackOverflow(error)) return { __decodeError: MESSAGE_TOO_DEEP };
      return { __decodeError: error instanceof Error ? error.message : String(error) };
    }
  };
}

function checkDecoded(request: unknown): Json {
  const decodeError = (request as { __decodeError?: string }).__decodeError;
  if (decodeError === MESSAGE_TOO_DEEP) throw messageTooDeep();
  if (decodeError !== undefined) throw new FirestoreError('INVALID_ARGUMENT', `Invalid request: ${decodeError}`);
  checkNesting(request);
  return request as Json;
}

export function createGrpcServer(api: FirestoreApi, openStream: OpenStream, timeouts: HttpTimeouts, unaryRoutes = unaryMethodRoutes(api)): grpc.Server {
  const server = new grpc.Server({
    'grpc.max_receive_message_length': MAX_RECEIVE_MESSAGE_LENGTH,
    // Channelz (grpc-js's per-call counters and timestamps, for a debugging service nothing here
    // serves) costs every call; a hot set's Commits paid it a few per cent of the emulators' CPU.
    'grpc.enable_channelz': 0,
    ...grpcTimeoutOptions(timeouts),
  });
  const definition: Record<string, grpc.MethodDefinition<unknown, unknown>> = {};
  const handlers: grpc.UntypedServiceImplementation = {};
  for (const method of firestoreService.methodsArray) {
    const path = `/google.firestore.v1.Firestore/${method.name}`;
    const route = unaryRoutes.get(path);
    const request = codecFor(method.resolvedRequestType!.fullName.slice(1));
    const response = codecFor(method.resolvedResponseType!.fullName.slice(1));
    definition[method.name] = {
      path,
      requestStream: method.requestStream === true,
      responseStream: method.responseStream === true,
      requestSerialize: request.encode,
      requestDeserialize: route?.decode ?? safeDecode(request.decode),
      responseSerialize: route?.encode ?? response.encode,
      responseDeserialize: response.decode,
      originalName: method.name,
    };
    handlers[method.name] = route === undefined ? handlerFor(method.name, api, openStream) : unaryHandler(route);
  }
  server.addService(definition as grpc.ServiceDefinition, handlers);
  return server;
}

/** grpc-js's `grpc.max_receive_message_length` here; the own unary path applies the same. */
export const MAX_RECEIVE_MESSAGE_LENGTH = 16 * 1024 * 1024;

function unaryHandler(route: UnaryMethodRoute): grpc.UntypedHandleCall {
  return (call: grpc.ServerUnaryCall<Json, Json>, callback: grpc.sendUnaryData<Json>) => {
    try {
      const value = call.metadata.get('authorization')[0];
      callback(null, route.answer(call.request, value === undefined ? undefined : String(value)));
    } catch (error) {
      callback(toServiceError(error));
    }
  };
}

/**
 * A unary method as both gRPC paths serve it: grpc-js (createGrpcServer) and the emulator's own
 * unary path (grpc-unary.ts), which reuses the same codecs and the same answer, so the two
 * cannot differ in what they decode, answer or refuse.
 */
export interface UnaryMethodRoute {
  /** `/google.firestore.v1.Firestore/<Method>`. */
  path: string;
  /** The request's proto3 JSON; never throws (a decoding failure becomes the request's INVALID_ARGUMENT). */
  decode(buffer: Buffer): unknown;
  encode(json: unknown): Buffer;
  /** The response's proto3 JSON; throws a FirestoreError (or BadTokenError's UNAUTHENTICATED) to refuse. */
  answer(request: unknown, authorization: string | undefined): Json;
}

export function unaryMethodRoutes(api: FirestoreApi): Map<string, UnaryMethodRoute> {
  const routes = new Map<string, UnaryMethodRoute>();
  for (const method of firestoreService.methodsArray) {
    if (!(UNARY_METHODS as string[]).includes(method.name)) continue;
    const request = codecFor(method.resolvedRequestType!.fullName.slice(1));
    const response = codecFor(method.resolvedResponseType!.fullName.slice(1));
    const name = method.name as UnaryMethod;
    const path = `/google.firestore.v1.Firestore/${name}`;
    routes.set(path, {
      path,
      decode: safeDecode(request.decode),
      encode: response.encode,
      answer: (decoded, authorization) => api.unary(name, checkDecoded(decoded), callerOfHeader(authorization)),
    });
  }
  return routes;
}

function handlerFor(name: string, api: FirestoreApi, openStream: OpenStream): grpc.UntypedHandleCall {
  if ((STREAMING_METHODS as string[]).includes(name)) {
    return (call: grpc.ServerWritableStream<Json, Json>) => {
      try {
        for (const message of api.streaming(name as StreamingMethod, checkDecoded(call.request), callerOf(call.metadata))) call.write(message);
        call.end();
      } catch (error) {
        call.emit('error', toServiceError(error));
      }
    };
  }
  if (name === 'Listen' || name === 'Write') return bidiHandler(name, openStream);
  return (_call: unknown, callback?: grpc.sendUnaryData<Json>) => {
    callback?.({ code: RpcCode.UNIMPLEMENTED, details: `${name} is not implemented by this emulator.` });
  };
}

function bidiHandler(kind: StreamKind, openStream: OpenStream): grpc.UntypedHandleCall {
  return (call: grpc.ServerDuplexStream<Json, Json>) => {
    const headers = metadataHeaders(call.metadata);
    const prefix = headers['google-cloud-resource-prefix'] ?? '';
    let ended = false;
    const handle = openStream(kind, { database: prefix, headers }, {
      send(message) {
        if (!ended) call.write(message as Json);
      },
      fail(code, message) {
        if (ended) return;
        ended = true;
        call.emit('error', { code, details: message, message });
      },
    });
    call.on('data', (message: Json) => {
      try {
        handle.receive(checkDecoded(message));
      } catch (error) {
        if (!ended) {
          ended = true;
          call.emit('error', toServiceError(error));
        }
        handle.close();
      }
    });
    const finish = () => handle.close();
    call.on('end', () => {
      finish();
      if (!ended) {
        ended = true;
        call.end();
      }
    });
    call.on('cancelled', finish);
    call.on('error', finish);
    call.on('close', finish);
  };
}
