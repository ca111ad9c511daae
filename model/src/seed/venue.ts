import type { GeoreferenceInput, MapMarker, MapRoute } from '../schemas/venue.js';

/**
 * The seed festival's site: where its six stages, the facilities and the routes are on the
 * site plan the seed draws (emulators/src/seed/site-plan.ts draws the plan from these same
 * positions, so every marker sits on what it marks). Positions are fractions of the plan.
 */

/** The drawn plan's size in pixels (3:2, like most printed site plans). */
export const SITE_PLAN_SIZE = { width: 2400, height: 1600 } as const;

/** How the drawn plan prints a stage's name: bold type of this size (px), its baseline this far below the stage's centre (the web map keeps its markers off it). */
export const SITE_PLAN_STAGE_LABEL = { baselineBelow: 140, fontSize: 40 } as const;

/** Where each seed stage stands, by stage id. */
const STAGE_POSITIONS: Record<string, { x: number; y: number }> = {
  'main-stage': { x: 0.3, y: 0.33 },
  'harbour-tent': { x: 0.62, y: 0.27 },
  greenhouse: { x: 0.16, y: 0.62 },
  'the-pier': { x: 0.87, y: 0.52 },
  'lighthouse-club': { x: 0.72, y: 0.78 },
  'dune-bar': { x: 0.45, y: 0.72 },
};

/**
 * Where the plan lies on the earth (Strandeiland, Amsterdam; the plan north-up, about 900 m
 * wide): the main gate, The Pier and the Main Stage placed on their latitude and longitude.
 */
export const SEED_GEOREFERENCE: GeoreferenceInput = {
  planAspect: SITE_PLAN_SIZE.width / SITE_PLAN_SIZE.height,
  points: [
    { x: 0.05, y: 0.93, lat: 52.350982, lng: 5.005663 },
    { x: 0.87, y: 0.52, lat: 52.353194, lng: 5.016529 },
    { x: 0.3, y: 0.33, lat: 52.354219, lng: 5.008975 },
  ],
};

/** Every labelled facility has its name in English and Dutch (the Dutch app shows `labelNl`). */
const FACILITIES: MapMarker[] = [
  { id: 'toilets-main', kind: 'toilets', x: 0.41, y: 0.47, label: 'Toilets by Main Stage', labelNl: 'Toiletten bij Main Stage' },
  { id: 'toilets-east', kind: 'toilets', x: 0.7, y: 0.57 },
  { id: 'toilets-gate', kind: 'toilets', x: 0.22, y: 0.84, label: 'Toilets by the gate', labelNl: 'Toiletten bij de ingang' },
  { id: 'water-main', kind: 'water', x: 0.35, y: 0.53 },
  { id: 'water-centre', kind: 'water', x: 0.56, y: 0.6 },
  { id: 'water-harbour', kind: 'water', x: 0.77, y: 0.38 },
  { id: 'first-aid-post', kind: 'first-aid', x: 0.5, y: 0.45, label: 'First aid post', labelNl: 'EHBO-post' },
  { id: 'first-aid-gate', kind: 'first-aid', x: 0.12, y: 0.86, label: 'First aid by the gate', labelNl: 'EHBO bij de ingang' },
  { id: 'food-court', kind: 'food', x: 0.52, y: 0.55, label: 'Food court', labelNl: 'Eetplein' },
  { id: 'food-pier', kind: 'food', x: 0.82, y: 0.6, label: 'Fish and chips by The Pier', labelNl: 'Vis en friet bij The Pier' },
  { id: 'lockers-gate', kind: 'lockers', x: 0.16, y: 0.88, label: 'Lockers by the gate', labelNl: 'Kluisjes bij de ingang' },
  { id: 'charging-centre', kind: 'charging', x: 0.56, y: 0.52, label: 'Charging point, food court', labelNl: 'Oplaadpunt, eetplein' },
  { id: 'exit-main-gate', kind: 'exit', x: 0.05, y: 0.93, label: 'Main gate', labelNl: 'Hoofdingang' },
  { id: 'exit-east', kind: 'exit', x: 0.95, y: 0.9, label: 'East exit', labelNl: 'Uitgang oost' },
  { id: 'exit-south', kind: 'exit', x: 0.5, y: 0.97, label: 'South exit', labelNl: 'Uitgang zuid' },
  { id: 'viewing-main', kind: 'accessible-viewing', x: 0.36, y: 0.4, label: 'Accessible viewing platform, Main Stage', labelNl: 'Toegankelijk kijkplatform, Main Stage' },
  { id: 'viewing-harbour', kind: 'accessible-viewing', x: 0.66, y: 0.36, label: 'Accessible viewing area, Harbour Tent', labelNl: 'Toegankelijke kijkplek, Harbour Tent' },
];

const ROUTES: MapRoute[] = [
  {
    id: 'gate-to-main',
    label: 'Step-free: main gate to the Main Stage viewing platform',
    stepFree: true,
    points: [
      { x: 0.05, y: 0.93 },
      { x: 0.2, y: 0.8 },
      { x: 0.3, y: 0.55 },
      { x: 0.36, y: 0.4 },
    ],
  },
  {
    id: 'main-to-harbour',
    label: 'Step-free: Main Stage to Harbour Tent',
    stepFree: true,
    points: [
      { x: 0.36, y: 0.4 },
      { x: 0.5, y: 0.45 },
      { x: 0.66, y: 0.36 },
    ],
  },
  {
    id: 'harbour-to-pier',
    label: 'Stairs down to The Pier',
    stepFree: false,
    points: [
      { x: 0.66, y: 0.36 },
      { x: 0.78, y: 0.44 },
      { x: 0.87, y: 0.52 },
    ],
  },
];

/** The seed's markers (a stage marker per stage given, then the facilities) and routes. */
export function seedVenueMap(stageIds: readonly string[]): { markers: MapMarker[]; routes: MapRoute[]; georeference: GeoreferenceInput } {
  const stages: MapMarker[] = stageIds
    .filter((stageId) => STAGE_POSITIONS[stageId])
    .map((stageId) => ({ id: `stage-${stageId}`, kind: 'stage', stageId, ...STAGE_POSITIONS[stageId]! }));
  return { markers: [...stages, ...FACILITIES], routes: ROUTES, georeference: SEED_GEOREFERENCE };
}
