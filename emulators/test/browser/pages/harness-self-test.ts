/** Browser entry for the harness's own test: a result, a logged error and a thrown one. */
import { exposeToHarness } from '../page-api.js';

exposeToHarness({
  add: (a: number, b: number) => a + b,
  origin: () => location.origin,
  async logError(text: string) {
    console.error(text);
  },
  throwError(text: string) {
    throw new Error(text);
  },
});
