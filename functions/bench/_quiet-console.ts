/**
 * Imported first by the bench: firebase-functions' logger keeps references to the console
 * methods when it loads, so they are muted before it does. The handlers' structured log
 * lines would otherwise drown the figures; the bench prints through `print`.
 */
export const print = console.log.bind(console);
for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) console[method] = () => undefined;
