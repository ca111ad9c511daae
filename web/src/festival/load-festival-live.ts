import { importAfterDataSdk } from '../app/load-data-sdk';

/**
 * The festival's live chunk (festival-live.ts: the programme's follower, the live counts),
 * after the data SDK and zod, each evaluated in a task of its own (app/load-data-sdk.ts).
 * FestivalContext and LiveCountsContext both start from it.
 */
export const loadFestivalLive = () => importAfterDataSdk(() => import('./festival-live'));
