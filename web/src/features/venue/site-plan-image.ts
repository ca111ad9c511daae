/** The `sizes` of the site plan's `<picture>`: the map and the offline keeper choose the same rendition with it. */
export const SITE_PLAN_SIZES = '(min-width: 1100px) 1100px, 100vw';
/** The rendition width the plan's plain `src` should be closest to. */
export const SITE_PLAN_FALLBACK_WIDTH = 1920;
