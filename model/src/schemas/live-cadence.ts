/**
 * The shortest time between two publications of a festival's live documents (`live/sets` and
 * `live/photos`): the production default. The issue allows a lag of 10-30 s; 30 s is what keeps
 * the modelled 50,000-visitor day under $15 (every open app reads each publication once:
 * 2,500 apps x 2 a minute, `npm run bench -- bill`). The functions read an override from the
 * environment (LIVE_PUBLISH_INTERVAL_SECONDS, 1-30), which the test stacks use to run faster.
 */
export const LIVE_PUBLISH_INTERVAL_SECONDS = 30;
