/**
 * Push endpoints served in this process. When the Pub/Sub emulator and the functions runner
 * live in the same stack, a push to the runner's `/_/pubsub/{name}` is a function call
 * instead of an HTTP request to ourselves: the same push body and the same answer (an HTTP
 * status, which acks or nacks exactly as over HTTP), without a socket, request and response
 * parsing, or JSON in and out per message; on a hot set that hop was a tenth of the
 * emulators' CPU per favourite. The subscription's push config stays the runner's URL, so
 * outside clients see and can use the same endpoint; any endpoint nobody registered here
 * is still POSTed over HTTP.
 */

/**
 * Answers one push with the HTTP status the endpoint's server would give. `endpoint` is the
 * full push URL. `signal` aborts when the subscription's deliverer is retired (its push config
 * changed, or it was deleted). The caller keeps the ack deadline itself: a push not answered
 * by then, or by the deliverer's retirement, is treated as unanswered (a nack), whatever the
 * handler does later.
 */
export type LocalPushHandler = (endpoint: string, body: object, signal: AbortSignal) => Promise<number>;

export class LocalPushEndpoints {
  /** Handlers by URL prefix, e.g. `http://127.0.0.1:5001/_/pubsub/`. */
  private readonly handlers = new Map<string, LocalPushHandler>();

  /** Serves every push URL that starts with `prefix`; returns the unregistration. */
  register(prefix: string, handler: LocalPushHandler): () => void {
    this.handlers.set(prefix, handler);
    return () => {
      if (this.handlers.get(prefix) === handler) this.handlers.delete(prefix);
    };
  }

  /** The handler serving `endpoint`, if one is registered in this process. */
  find(endpoint: string): LocalPushHandler | undefined {
    for (const [prefix, handler] of this.handlers) if (endpoint.startsWith(prefix)) return handler;
    return undefined;
  }
}
