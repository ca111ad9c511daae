/**
 * Stands in for `re2js` in production builds. Firestore imports it only to evaluate the
 * regular-expression functions of its Pipelines API, which Encore never uses; the real
 * library costs 44 KB gzipped on the programme page. Firestore calls it inside try/catch,
 * so were a pipeline ever evaluated, it would log and treat the expression as an error
 * rather than crash.
 */
export const RE2JS = {
  compile(): never {
    throw new Error('Regular expressions in Firestore pipelines are not available in this app build');
  },
};
