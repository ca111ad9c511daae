/** The local project id: the `demo-` prefix guarantees no real project is ever touched. */
export const DEFAULT_PROJECT_ID = 'demo-encore';
