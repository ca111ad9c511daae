import type { MapPoint } from '@encore/model';
import { encore2026 } from '@encore/model/seed';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithIntl } from '../../i18n/test-utils';
import { placeChoices } from './meetup-logic';
import PointPicker from './PointPicker';

const seed = encore2026();
const map = { ...seed.venueMap, updatedAt: new Date('2026-08-01T10:00:00Z') };
const choices = placeChoices(map.markers, (marker) => marker.label ?? marker.id);

/** The picker as its form holds it: the point in state, shown for the test to read. */
function Picker() {
  const [point, setPoint] = useState<MapPoint>({ x: 0.5, y: 0.5 });
  return (
    <>
      <PointPicker map={map} choices={choices} point={point} onChange={setPoint} />
      <output data-testid="point">{`${point.x},${point.y}`}</output>
    </>
  );
}

describe('PointPicker', () => {
  it('moves the star with the arrow keys (Shift: bigger steps), says where it is in words, and Enter on it moves nothing', async () => {
    renderWithIntl(<Picker />);
    const star = screen.getByRole('button', { name: /^Meet-up point: 50% across and 50% down the plan, nearest to .+$/ });
    expect(star.getAttribute('aria-keyshortcuts')).toBe('ArrowLeft ArrowRight ArrowUp ArrowDown');
    star.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{Shift>}{ArrowUp}{/Shift}');
    expect(screen.getByTestId('point').textContent).toBe('0.52,0.45');
    expect(screen.getByTestId('meetup-point-where').textContent).toMatch(/^52% across and 45% down the plan, nearest to .+$/);
    // A keyboard-made click carries no position: it must not send the star to the plan's corner.
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('point').textContent).toBe('0.52,0.45');
  });

  it('puts the star by a stage or facility picked from the list, for the arrows to go on from there', async () => {
    renderWithIntl(<Picker />);
    const water = choices.find((choice) => choice.markerId.startsWith('water'))!;
    await userEvent.selectOptions(screen.getByLabelText('Put the star by'), water.label);
    expect(screen.getByTestId('point').textContent).toBe(`${water.place.x},${water.place.y}`);
    expect(screen.getByTestId('meetup-point-where').textContent).toMatch(new RegExp(`nearest to ${water.label}$`));
  });

  it('puts the star where the plan is tapped, but not where a pan began and ended elsewhere', () => {
    renderWithIntl(<Picker />);
    const plan = screen.getByRole('region', { name: 'Site plan: tap where to meet' }).querySelector<HTMLElement>('.site-plan-stage')!;
    // jsdom lays nothing out: give the plan a 300 × 200 px box at the page's corner.
    plan.getBoundingClientRect = () => ({ left: 0, top: 0, width: 300, height: 200, right: 300, bottom: 200, x: 0, y: 0, toJSON: () => ({}) });
    fireEvent.pointerDown(plan, { clientX: 90, clientY: 150 });
    fireEvent.click(plan, { clientX: 90, clientY: 150, detail: 1 });
    expect(screen.getByTestId('point').textContent).toBe('0.3,0.75');
    fireEvent.pointerDown(plan, { clientX: 30, clientY: 20 });
    fireEvent.click(plan, { clientX: 150, clientY: 100, detail: 1 });
    expect(screen.getByTestId('point').textContent).toBe('0.3,0.75');
  });

  it('speaks Dutch', () => {
    renderWithIntl(<Picker />, { locale: 'nl' });
    expect(screen.getByRole('region', { name: 'Plattegrond: tik waar je afspreekt' })).toBeTruthy();
    expect(screen.getByTestId('meetup-point-where').textContent).toMatch(/^50% van links en 50% van boven op de plattegrond, het dichtst bij .+$/);
  });
});
