import { FACILITY_KINDS, placeNames, planGeoTransform, walkingMinutesForMetres, type Georeference, type MapMarker, type MapPoint, type PlaceWords } from '@encore/model';
import { wordsOf } from './normalise';

/**
 * The venue map's places in search: every marker under the name the map gives it
 * (`placeNames`: unique, in the reader's language, "Toilets by Main Stage"), found by that
 * name, its kind ("toilet" finds every toilet, whatever its label) and its label in either
 * language. Pure; the words come from the web's catalogue.
 */
export interface IndexedPlace {
  marker: MapMarker;
  /** What the map calls it. */
  name: string;
  words: readonly string[];
}

export interface PlaceIndex {
  places: readonly IndexedPlace[];
  /** Every place's name, for "did you mean …?". */
  texts: readonly string[];
}

export function buildPlaceIndex(markers: readonly MapMarker[], words: PlaceWords): PlaceIndex {
  const names = placeNames(markers, words);
  const places = markers.map((marker) => {
    const name = names.get(marker.id) ?? words.kindName(marker.kind);
    const texts = [name, words.kindName(marker.kind), marker.label ?? '', marker.labelNl ?? ''];
    return { marker, name, words: [...new Set(texts.flatMap(wordsOf))] };
  });
  return { places, texts: places.map((place) => place.name) };
}

export interface PlaceHit {
  marker: MapMarker;
  name: string;
  /** Walking minutes from the person's position; null while it is not known. */
  minutes: number | null;
}

/**
 * The places with every query word starting a word of theirs: facilities in the legend's
 * order of kinds and then by name, stages last (a stage's sets are listed anyway).
 */
export function searchPlaces(index: PlaceIndex, words: readonly string[]): PlaceHit[] {
  if (words.length === 0) return [];
  const kindOrder = (marker: MapMarker) => (marker.kind === 'stage' ? FACILITY_KINDS.length : FACILITY_KINDS.indexOf(marker.kind));
  return index.places
    .filter((place) => words.every((word) => place.words.some((candidate) => candidate.startsWith(word))))
    .sort((a, b) => kindOrder(a.marker) - kindOrder(b.marker) || a.name.localeCompare(b.name))
    .map((place) => ({ marker: place.marker, name: place.name, minutes: null }));
}

/**
 * The places with their walking minutes from `from` (a point on the plan), nearest first, by
 * the walking rule the map and the schedule use; unchanged while the position or the plan's
 * scale is unknown.
 */
export function withWalkingMinutes(hits: readonly PlaceHit[], from: MapPoint | null, georeference: Georeference | undefined): PlaceHit[] {
  if (!from || !georeference) return [...hits];
  const transform = planGeoTransform(georeference);
  return hits
    .map((hit) => ({ hit, metres: transform.metresBetween(from, hit.marker) }))
    .sort((a, b) => a.metres - b.metres)
    .map(({ hit, metres }) => ({ ...hit, minutes: walkingMinutesForMetres(metres) }));
}
