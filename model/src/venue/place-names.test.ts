import { describe, expect, it } from 'vitest';
import type { MapMarker } from '../schemas/venue.js';
import { markerLabel, placeNames, type PlaceWords } from './place-names.js';

const stages: Record<string, string> = { main: 'Main Stage', pier: 'The Pier' };
const words = (language = 'en'): PlaceWords => ({
  language,
  stageName: (id) => stages[id],
  kindName: (kind) => (language === 'nl' ? { toilets: 'Toiletten', water: 'Drinkwater' } : { toilets: 'Toilets', water: 'Drinking water' })[kind as 'toilets' | 'water'] ?? kind,
  near: (place, stage) => (language === 'nl' ? `${place} bij ${stage}` : `${place} by ${stage}`),
  numbered: (place, n) => `${place} (${n})`,
});
const marker = (id: string, kind: MapMarker['kind'], x: number, y: number, more: Partial<MapMarker> = {}): MapMarker => ({ id, kind, x, y, ...more });
const plan: MapMarker[] = [
  marker('stage-main', 'stage', 0.2, 0.2, { stageId: 'main' }),
  marker('stage-pier', 'stage', 0.8, 0.8, { stageId: 'pier' }),
  marker('water-a', 'water', 0.25, 0.2),
  marker('water-b', 'water', 0.75, 0.8),
  marker('water-c', 'water', 0.2, 0.3),
  marker('lockers', 'lockers', 0.5, 0.5, { label: 'Lockers', labelNl: 'Kluisjes' }),
];

describe('placeNames', () => {
  it('names stages by their stage and a lone facility by its label', () => {
    const names = placeNames(plan, words());
    expect(names.get('stage-main')).toBe('Main Stage');
    expect(names.get('lockers')).toBe('Lockers');
  });

  it('tells repeated facilities apart by their nearest stage, then by number in plan order', () => {
    const names = placeNames(plan, words());
    expect(names.get('water-b')).toBe('Drinking water by The Pier');
    expect(names.get('water-a')).toBe('Drinking water by Main Stage (1)');
    expect(names.get('water-c')).toBe('Drinking water by Main Stage (2)');
    expect(new Set(names.values()).size).toBe(plan.length);
  });

  it('speaks the reader’s language, falling back to the other label', () => {
    const names = placeNames(plan, words('nl'));
    expect(names.get('lockers')).toBe('Kluisjes');
    expect(names.get('water-b')).toBe('Drinkwater bij The Pier');
    expect(markerLabel({ label: 'Food court' }, 'nl')).toBe('Food court');
    expect(markerLabel({ labelNl: 'Eetplein' }, 'en')).toBe('Eetplein');
    expect(markerLabel({}, 'en')).toBeUndefined();
  });

  it('keeps a stage’s own name when a facility carries the same label', () => {
    const names = placeNames([plan[0]!, marker('sign', 'exit', 0.9, 0.1, { label: 'Main Stage' })], words());
    expect(names.get('stage-main')).toBe('Main Stage');
    expect(names.get('sign')).toBe('Main Stage (2)');
  });
});
