/** What stack-process.ts prints before its `{ url, hosts }` once the stack is up. */
export const READY = 'ENCORE_STACK_READY ';
