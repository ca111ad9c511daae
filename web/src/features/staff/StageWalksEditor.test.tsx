import type { GeoreferenceInput, MapMarker, StageWalkInput } from '@encore/model';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithIntl } from '../../i18n/test-utils';
import { StageWalksEditor } from './StageWalksEditor';

/** A north-up plan 3:2, 600 m wide and 400 m tall (as in model/src/venue/walking.test.ts). */
const METRES_PER_DEGREE_LAT = (6_371_008.8 * Math.PI) / 180;
const metresPerDegreeLng = METRES_PER_DEGREE_LAT * Math.cos((52.4 * Math.PI) / 180);
const control = (x: number, y: number) => ({ x, y, lat: 52.4 - (y * 400) / METRES_PER_DEGREE_LAT, lng: 4.9 + (x * 600) / metresPerDegreeLng });
const georeference: GeoreferenceInput = { planAspect: 1.5, points: [control(0.1, 0.2), control(0.9, 0.8)] };

const stages = [
  { id: 'main', name: 'Main Stage' },
  { id: 'tent', name: 'Harbour Tent' },
  { id: 'pier', name: 'The Pier' },
];
const markers: MapMarker[] = [
  { id: 'stage-main', kind: 'stage', stageId: 'main', x: 0.1, y: 0.1 },
  { id: 'stage-tent', kind: 'stage', stageId: 'tent', x: 0.6, y: 0.1 },
];

/** The editor as the map editor holds it: the walks in state, each change recorded. */
function Editor({ initial = [], onChange }: { initial?: StageWalkInput[]; onChange(walks: StageWalkInput[]): void }) {
  const [walks, setWalks] = useState(initial);
  return (
    <StageWalksEditor
      stages={stages}
      markers={markers}
      georeference={georeference}
      walks={walks}
      onChange={(next) => {
        setWalks(next);
        onChange(next);
      }}
    />
  );
}

describe("staff's walking minutes between stages", () => {
  it("has one field per pair of stages, the plan's minutes as its placeholder or 'unknown' where the plan cannot tell", () => {
    renderWithIntl(<Editor onChange={() => {}} />);
    expect(screen.getAllByRole('textbox')).toHaveLength(3);
    expect(screen.getByRole('textbox', { name: 'Main Stage – Harbour Tent, in minutes' }).getAttribute('placeholder')).toBe('6 (the plan)');
    expect(screen.getByRole('textbox', { name: 'Main Stage – The Pier, in minutes' }).getAttribute('placeholder')).toBe('unknown');
  });

  it('keeps the minutes typed for a pair, whole and at most 120, and gives the pair back to the plan when emptied', async () => {
    const onChange = vi.fn();
    renderWithIntl(<Editor onChange={onChange} />);
    const field = screen.getByRole('textbox', { name: 'Harbour Tent – The Pier, in minutes' });
    await userEvent.type(field, '12');
    await userEvent.tab();
    expect(onChange).toHaveBeenLastCalledWith([{ from: 'tent', to: 'pier', minutes: 12 }]);

    await userEvent.clear(field);
    await userEvent.type(field, '150');
    await userEvent.tab();
    expect(onChange).toHaveBeenLastCalledWith([{ from: 'tent', to: 'pier', minutes: 120 }]);
    expect((field as HTMLInputElement).value).toBe('120');

    await userEvent.clear(field);
    await userEvent.tab();
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('shows a walk entered the other way round in its pair, and changes only that pair', async () => {
    const onChange = vi.fn();
    const other = { from: 'pier', to: 'main', minutes: 9 };
    renderWithIntl(<Editor initial={[{ from: 'tent', to: 'main', minutes: 4 }, other]} onChange={onChange} />);
    const field = screen.getByRole('textbox', { name: 'Main Stage – Harbour Tent, in minutes' });
    expect((field as HTMLInputElement).value).toBe('4');
    await userEvent.clear(field);
    await userEvent.type(field, '7');
    await userEvent.tab();
    expect(onChange).toHaveBeenLastCalledWith([other, { from: 'main', to: 'tent', minutes: 7 }]);
  });

  it('speaks Dutch in a Dutch console', () => {
    renderWithIntl(<Editor onChange={() => {}} />, { locale: 'nl' });
    expect(screen.getByRole('heading', { name: 'Loopminuten tussen podia' }).tagName).toBe('H3');
    expect(screen.getByRole('textbox', { name: 'Main Stage – Harbour Tent, in minuten' }).getAttribute('placeholder')).toBe('6 (plattegrond)');
  });
});
