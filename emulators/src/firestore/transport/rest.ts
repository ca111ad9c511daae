/**
 * The REST transport (`/v1/...`, the google.api.http bindings in firestore.proto), used by
 * firebase-admin with `preferRest: true` and by the browser SDK for its unary calls.
 * Server-streaming RPCs answer one JSON array. Errors are `{error: {code, message, status}}`
 * with the HTTP status Google APIs use for each code.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BadTokenError, callerFromAuthorization, type Caller } from '../../common/auth.js';
import { FirestoreError, asFirestoreError, invalidArgument } from '../errors.js';
import type { FirestoreApi} from '../service/firestore-api.js';
import { type StreamingMethod, type UnaryMethod } from '../service/firestore-api.js';
import { queryToMessage, readJsonBody } from './http-body.js';
import { checkJsonFields } from './proto-codec.js';

type Json = Record<string, unknown>;

const ACTIONS: Record<string, { method: UnaryMethod | StreamingMethod; resource: string; streaming?: boolean }> = {
  batchGet: { method: 'BatchGetDocuments', resource: 'database', streaming: true },
  beginTransaction: { method: 'BeginTransaction', resource: 'database' },
  commit: { method: 'Commit', resource: 'database' },
  rollback: { method: 'Rollback', resource: 'database' },
  batchWrite: { method: 'BatchWrite', resource: 'database' },
  runQuery: { method: 'RunQuery', resource: 'parent', streaming: true },
  runAggregationQuery: { method: 'RunAggregationQuery', resource: 'parent', streaming: true },
  partitionQuery: { method: 'PartitionQuery', resource: 'parent' },
  listCollectionIds: { method: 'ListCollectionIds', resource: 'parent' },
};

const REQUEST_TYPES: Record<string, string> = {
  BatchGetDocuments: 'google.firestore.v1.BatchGetDocumentsRequest',
  BeginTransaction: 'google.firestore.v1.BeginTransactionRequest',
  Commit: 'google.firestore.v1.CommitRequest',
  Rollback: 'google.firestore.v1.RollbackRequest',
  BatchWrite: 'google.firestore.v1.BatchWriteRequest',
  RunQuery: 'google.firestore.v1.RunQueryRequest',
  RunAggregationQuery: 'google.firestore.v1.RunAggregationQueryRequest',
  PartitionQuery: 'google.firestore.v1.PartitionQueryRequest',
  ListCollectionIds: 'google.firestore.v1.ListCollectionIdsRequest',
  Document: 'google.firestore.v1.Document',
};

function checked(typeName: string, body: Json): Json {
  try {
    checkJsonFields(typeName, body);
  } catch (error) {
    if (error instanceof TypeError) throw invalidArgument(error.message);
    throw error;
  }
  return body;
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  response.end(text);
}

export function sendError(response: ServerResponse, error: unknown): void {
  const failure = asFirestoreError(error);
  sendJson(response, failure.httpStatus, { error: { code: failure.httpStatus, message: failure.message, status: failure.status } });
}

export function decodePath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    throw invalidArgument(`Malformed URL path: ${pathname}`);
  }
}

function callerOf(request: IncomingMessage): Caller {
  try {
    return callerFromAuthorization(request.headers.authorization);
  } catch (error) {
    if (error instanceof BadTokenError) throw new FirestoreError('UNAUTHENTICATED', error.message);
    throw error;
  }
}

/** Handles `/v1/...`; returns false when the path is not a Firestore REST path. */
export async function handleRest(api: FirestoreApi, request: IncomingMessage, response: ServerResponse, url: URL): Promise<boolean> {
  if (!url.pathname.startsWith('/v1/projects/')) return false;
  try {
    const path = decodePath(url.pathname);
    const caller = callerOf(request);
    const resource = path.slice('/v1/'.length);
    const colon = resource.lastIndexOf(':');
    const action = colon > resource.lastIndexOf('/') ? resource.slice(colon + 1) : undefined;
    const name = action === undefined ? resource : resource.slice(0, colon);
    const params = queryToMessage(url.searchParams);

    if (action !== undefined) {
      const route = ACTIONS[action];
      if (route === undefined || request.method !== 'POST') throw new FirestoreError('NOT_FOUND', `Unknown method ${request.method} ${url.pathname}`);
      const body = checked(REQUEST_TYPES[route.method]!, await readJsonBody(request));
      const message: Json = { ...params, ...body, [route.resource]: route.resource === 'database' ? name.replace(/\/documents$/, '') : name };
      if (route.streaming) sendJson(response, 200, api.streaming(route.method as StreamingMethod, message, caller));
      else sendJson(response, 200, api.unary(route.method as UnaryMethod, message, caller));
      return true;
    }

    const segments = name.split('/');
    // projects/p/databases/d/documents/... : 5 fixed segments, then the document path.
    const depth = segments.length - 5;
    if (segments[4] !== 'documents' || depth < 1) throw new FirestoreError('NOT_FOUND', `Unknown resource ${url.pathname}`);
    const isDocument = depth % 2 === 0;
    switch (request.method) {
      case 'GET':
        if (isDocument) sendJson(response, 200, api.unary('GetDocument', { ...params, name }, caller));
        else {
          const parent = segments.slice(0, -1).join('/');
          sendJson(response, 200, api.unary('ListDocuments', { ...params, parent, collectionId: segments[segments.length - 1] }, caller));
        }
        return true;
      case 'POST': {
        if (isDocument) throw invalidArgument('POST must target a collection.');
        const document = checked(REQUEST_TYPES.Document!, await readJsonBody(request));
        const parent = segments.slice(0, -1).join('/');
        sendJson(response, 200, api.unary('CreateDocument', { ...params, parent, collectionId: segments[segments.length - 1], document }, caller));
        return true;
      }
      case 'PATCH': {
        const document = checked(REQUEST_TYPES.Document!, await readJsonBody(request));
        sendJson(response, 200, api.unary('UpdateDocument', { ...params, document: { ...document, name } }, caller));
        return true;
      }
      case 'DELETE':
        sendJson(response, 200, api.unary('DeleteDocument', { ...params, name }, caller));
        return true;
      default:
        throw new FirestoreError('NOT_FOUND', `Unknown method ${request.method} ${url.pathname}`);
    }
  } catch (error) {
    sendError(response, error);
    return true;
  }
}
