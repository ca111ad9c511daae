import { z } from 'zod';
import { slugIdSchema, textSchema, timestampSchema } from './common.js';
import { mediaFields } from './media.js';
import { georeferenceProblem } from '../venue/georeference.js';

/**
 * `festivals/{f}/venue/map`: the site plan (an image staff upload, derived by functions into
 * `image`) with what staff place on it: stages and facilities as markers, and routes, some
 * marked step-free. Positions are fractions of the plan's width and height (0 left/top, 1
 * right/bottom), so they stay put whatever rendition or zoom shows the plan, and a new plan
 * of the same site keeps them.
 */

/** Facilities visitors look for; every one has its icon and a line in the legend. */
export const FACILITY_KINDS = ['toilets', 'water', 'first-aid', 'food', 'lockers', 'exit', 'accessible-viewing', 'charging'] as const;
export const mapMarkerKindSchema = z.enum(['stage', ...FACILITY_KINDS]);
export type MapMarkerKind = z.infer<typeof mapMarkerKindSchema>;
export type FacilityKind = (typeof FACILITY_KINDS)[number];

export const MAX_MAP_MARKERS = 200;
export const MAX_MAP_ROUTES = 50;
export const MAX_ROUTE_POINTS = 100;

const fraction = z.number().min(0).max(1);

/** A position on the plan. */
export const mapPointSchema = z.object({ x: fraction, y: fraction }).strict();
export type MapPoint = z.infer<typeof mapPointSchema>;

/** A stage (naming the stage document) or a facility, at a point of the plan. */
export const mapMarkerSchema = z
  .object({
    id: slugIdSchema,
    kind: mapMarkerKindSchema,
    x: fraction,
    y: fraction,
    /** The stage this marker is, for `kind: 'stage'` only. */
    stageId: slugIdSchema.optional(),
    /** What to call it when the kind alone is not enough ("Toilets by the north gate"). */
    label: textSchema(80).optional(),
    /** The same name in Dutch; the Dutch app falls back to `label` without it (see venue/place-names.ts). */
    labelNl: textSchema(80).optional(),
  })
  .strict()
  .refine((marker) => (marker.kind === 'stage') === (marker.stageId !== undefined), {
    message: 'a stage marker names its stage (stageId), and only a stage marker does',
    path: ['stageId'],
  });
export type MapMarker = z.infer<typeof mapMarkerSchema>;

/** A walking route as a polyline; `stepFree` when a wheelchair or a pram can take it all the way. */
export const mapRouteSchema = z
  .object({
    id: slugIdSchema,
    label: textSchema(80).optional(),
    stepFree: z.boolean(),
    points: z.array(mapPointSchema).min(2).max(MAX_ROUTE_POINTS),
  })
  .strict();
export type MapRoute = z.infer<typeof mapRouteSchema>;

/** A point of the plan placed on the earth, by staff, for "you are here". */
export const geoControlPointSchema = z
  .object({ x: fraction, y: fraction, lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) })
  .strict();
export type GeoControlPointInput = z.infer<typeof geoControlPointSchema>;

/**
 * The plan's georeference (model/src/venue/georeference.ts): two or three control points,
 * spread out (not at one place, not on one line), and the plan's aspect when they were placed.
 */
export const georeferenceSchema = z
  .object({
    points: z.array(geoControlPointSchema).min(2).max(3),
    planAspect: z.number().min(0.05).max(20),
  })
  .strict()
  .superRefine((georeference, context) => {
    const problem = georeferenceProblem(georeference);
    if (problem) context.addIssue({ code: 'custom', message: problem, path: ['points'] });
  });
export type GeoreferenceInput = z.infer<typeof georeferenceSchema>;

const uniqueIds = (items: ReadonlyArray<{ id: string }>) => new Set(items.map((item) => item.id)).size === items.length;

/** Enough for every pair of 30 stages. */
export const MAX_STAGE_WALKS = 435;
export const MAX_WALK_MINUTES = 120;

/**
 * Staff's own walking minutes between two stages, either way (model/src/venue/walking.ts): they
 * know the site (a bridge, a closed field, a crowd at the gate) better than a straight line on
 * the plan does, and where the plan has no scale yet these are the only walks there are.
 */
export const stageWalkSchema = z
  .object({
    from: slugIdSchema,
    to: slugIdSchema,
    minutes: z.number().int().min(1).max(MAX_WALK_MINUTES),
  })
  .strict()
  .refine((walk) => walk.from !== walk.to, { message: 'a walk joins two different stages', path: ['to'] });
export type StageWalkInput = z.infer<typeof stageWalkSchema>;

/** The pair's key whichever way it was entered: a walk is the same both ways. */
export const stagePairKey = (a: string, b: string) => (a < b ? `${a} ${b}` : `${b} ${a}`);
const uniquePairs = (walks: ReadonlyArray<StageWalkInput>) => new Set(walks.map((walk) => stagePairKey(walk.from, walk.to))).size === walks.length;

/** The fields staff write on the venue map. */
export const venueMapInputSchema = z
  .object({
    markers: z.array(mapMarkerSchema).max(MAX_MAP_MARKERS).refine(uniqueIds, 'two markers have the same id'),
    routes: z.array(mapRouteSchema).max(MAX_MAP_ROUTES).refine(uniqueIds, 'two routes have the same id'),
    /** Where the plan is on the earth, for "you are here" and walking times; absent until staff place it. */
    georeference: georeferenceSchema.optional(),
    /** Staff's walking minutes per pair of stages; a pair not listed is walked by the plan's scale. */
    walks: z.array(stageWalkSchema).max(MAX_STAGE_WALKS).refine(uniquePairs, 'two walks join the same two stages').optional(),
    updatedAt: timestampSchema,
  })
  .strict();
export type VenueMapInput = z.infer<typeof venueMapInputSchema>;

/** `festivals/{f}/venue/map`: staff's markers and routes, and the plan functions derive (`image`, `imageUpload`). */
export const venueMapSchema = venueMapInputSchema.extend(mediaFields).strict();
export type VenueMap = z.infer<typeof venueMapSchema>;
