import type { MapMarker, MapMarkerKind } from '../schemas/venue.js';

/**
 * What a visitor reads for each place on the plan. The map, search and the meet-up picker
 * all name places through here, so a place is called the same everywhere and two places are
 * never called alike ("Drinking water" three times tells nobody where to meet).
 *
 * The words themselves come from the caller (the web's message catalogue), so this stays
 * free of any i18n library and works the same in functions.
 */
export interface PlaceWords {
  /** The reader's language ('en', 'nl', 'nl-BE'...): picks `labelNl` for Dutch. */
  language: string;
  /** A stage's name by its id (undefined when the stage is gone). */
  stageName: (stageId: string) => string | undefined;
  /** The kind's own word in the reader's language ("Toilets", "Drinking water"). */
  kindName: (kind: MapMarkerKind) => string;
  /** "{place} by {stage}" in the reader's language. */
  near: (place: string, stage: string) => string;
  /** "{place} ({n})" in the reader's language, for places still alike after `near`. */
  numbered: (place: string, n: number) => string;
}

/** A marker's own label in the reader's language, falling back to the other one. */
export function markerLabel(marker: Pick<MapMarker, 'label' | 'labelNl'>, language: string): string | undefined {
  const dutch = language.toLowerCase().startsWith('nl');
  const first = dutch ? marker.labelNl : marker.label;
  const second = dutch ? marker.label : marker.labelNl;
  return first?.trim() || second?.trim() || undefined;
}

/** The name before any telling apart: a stage's own name, a facility's label, else its kind. */
function baseName(marker: MapMarker, words: PlaceWords): string {
  if (marker.kind === 'stage') {
    return (marker.stageId ? words.stageName(marker.stageId) : undefined) ?? markerLabel(marker, words.language) ?? words.kindName('stage');
  }
  return markerLabel(marker, words.language) ?? words.kindName(marker.kind);
}

const key = (name: string) => name.trim().toLocaleLowerCase();

function nearestStage(marker: MapMarker, stages: readonly MapMarker[], words: PlaceWords): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const stage of stages) {
    if (stage.id === marker.id || !stage.stageId) continue;
    const name = words.stageName(stage.stageId);
    if (!name) continue;
    const distance = Math.hypot(stage.x - marker.x, stage.y - marker.y);
    if (!best || distance < best.distance) best = { name, distance };
  }
  return best?.name;
}

/**
 * Every marker's name, unique on the map (by marker id). Names that would repeat get their
 * nearest stage; facilities still alike get a number in plan order (top to bottom, left to right),
 * so the numbering is stable as long as the places stay put.
 */
export function placeNames(markers: readonly MapMarker[], words: PlaceWords): Map<string, string> {
  const names = new Map<string, string>();
  const stages = markers.filter((marker) => marker.kind === 'stage');
  const groups = new Map<string, MapMarker[]>();
  for (const marker of markers) {
    const name = baseName(marker, words);
    names.set(marker.id, name);
    const group = groups.get(key(name)) ?? [];
    group.push(marker);
    groups.set(key(name), group);
  }
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    for (const marker of group) {
      if (marker.kind === 'stage') continue; // a stage keeps its name; the facilities beside it move aside
      const stage = nearestStage(marker, stages, words);
      if (stage && key(stage) !== key(names.get(marker.id)!)) names.set(marker.id, words.near(names.get(marker.id)!, stage));
    }
  }
  const taken = new Map<string, MapMarker[]>();
  for (const marker of markers) {
    const group = taken.get(key(names.get(marker.id)!)) ?? [];
    group.push(marker);
    taken.set(key(names.get(marker.id)!), group);
  }
  for (const group of taken.values()) {
    if (group.length < 2) continue;
    // A stage keeps its bare name, so the facilities alike count on from 2.
    const first = group.some((marker) => marker.kind === 'stage') ? 2 : 1;
    const facilities = group.filter((marker) => marker.kind !== 'stage');
    const inPlanOrder = facilities.sort((a, b) => a.y - b.y || a.x - b.x || a.id.localeCompare(b.id));
    inPlanOrder.forEach((marker, index) => names.set(marker.id, words.numbered(names.get(marker.id)!, first + index)));
  }
  return names;
}
