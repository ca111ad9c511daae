import { encore2026 } from '@encore/model/seed';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithIntl } from '../../i18n/test-utils';
import { seedProgramme } from '../../test-fixtures';
import { VenueMapView } from './VenueMapView';

const seed = encore2026();
const programme = seedProgramme();
const map = { ...seed.venueMap, updatedAt: new Date('2026-08-01T10:00:00Z') };
const playing = programme.performances.find((set) => set.stageId === 'main-stage')!;
const now = new Date(playing.startsAt.getTime() + 5 * 60_000);
const artist = programme.artists.get(playing.artistId)!.name;

describe('VenueMapView', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('names each stage marker with what plays there now and next, and lists the same', async () => {
    renderWithIntl(<VenueMapView map={map} programme={programme} now={now} />);
    const plan = screen.getByRole('region', { name: 'Site plan' });
    const main = within(plan).getByRole('button', { name: new RegExp(`^Main Stage: now ${artist} until \\d\\d:\\d\\d, next .+ at \\d\\d:\\d\\d$`) });
    // Every marker on the plan (zoom buttons aside) is a button that says whether it is selected (jsdom lays nothing out, so none is clustered).
    expect(within(plan).getAllByRole('button').filter((button) => button.hasAttribute('aria-pressed'))).toHaveLength(seed.venueMap.markers.length);
    await userEvent.click(main);
    expect(main.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('heading', { level: 2, name: 'Main Stage' })).toBeTruthy();
    expect(screen.getByRole('link', { name: artist })).toBeTruthy();
    const list = screen.getByRole('heading', { name: 'Everything on the map' }).parentElement!;
    expect(within(list).getByRole('button', { name: main.getAttribute('aria-label')! })).toBeTruthy();
    expect(within(list).getByText('Step-free: main gate to the Main Stage viewing platform', { exact: false })).toBeTruthy();
    // The whole map (plan, find a place, legend, list) renders in about 5 s in jsdom on a busy 2-core machine.
  }, 40_000);

  it('clusters crowded markers on a small plan: every marker drawn once, alone or named in a cluster', () => {
    // jsdom lays nothing out: give the plan a phone's size (360 × 240 px) so the markers are clustered as there.
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('site-plan-stage') ? 360 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('site-plan-stage') ? 240 : 0;
    });
    renderWithIntl(<VenueMapView map={map} programme={programme} now={now} />);
    const plan = screen.getByRole('region', { name: 'Site plan' });
    const drawn = [...plan.querySelectorAll<HTMLElement>('.map-marker')];
    const clusters = drawn.filter((marker) => marker.classList.contains('map-cluster'));
    expect(clusters.length).toBeGreaterThan(0);
    expect(drawn.length).toBeLessThan(seed.venueMap.markers.length);
    // Markers plus clustered members: each of the map's markers exactly once.
    expect(drawn.flatMap((marker) => marker.dataset.markers!.split(' ')).toSorted()).toEqual(seed.venueMap.markers.map((marker) => marker.id).toSorted());
    // Only facilities cluster: every stage keeps its own marker with its name.
    for (const cluster of clusters) expect(cluster.dataset.markers!.split(' ').some((id) => id.startsWith('stage-'))).toBe(false);
    for (const stage of programme.stages) expect(within(plan).getByRole('button', { name: new RegExp(`^${stage.name}: `) }).textContent).toContain(stage.name);
    const corner = clusters.find((cluster) => cluster.dataset.markers!.split(' ').includes('viewing-main'))!;
    expect(corner.getAttribute('aria-label')).toMatch(/^\d+ places here, zoom in to see them apart: .*Accessible viewing platform, Main Stage/);
    expect(corner.textContent).toBe(String(corner.dataset.markers!.split(' ').length));
  }, 40_000);

  it('speaks Dutch: facilities, legend and now/next', () => {
    renderWithIntl(<VenueMapView map={map} programme={programme} now={now} />, { locale: 'nl' });
    expect(screen.getByRole('heading', { name: 'Legenda' })).toBeTruthy();
    // Facilities by their Dutch names; alike ones told apart by their nearest stage, in Dutch words.
    expect(screen.getAllByRole('button', { name: 'EHBO-post' }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('button', { name: 'Drinkwater bij Main Stage' }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('button', { name: new RegExp(`^Main Stage: nu ${artist} tot \\d\\d:\\d\\d, hierna `) }).length).toBe(2);
  }, 40_000);

  it('filters by kind: only water points on the plan and in the lists, stages always; choosing in the list selects it on the plan', async () => {
    // jsdom has no scrolling: record what is brought into view.
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    renderWithIntl(<VenueMapView map={map} programme={programme} now={now} />);
    await userEvent.click(within(screen.getByRole('group', { name: 'Show on the map' })).getByRole('button', { name: 'Drinking water' }));
    const plan = screen.getByRole('region', { name: 'Site plan' });
    const drawn = [...plan.querySelectorAll<HTMLElement>('.map-marker')].flatMap((marker) => marker.dataset.markers!.split(' '));
    const water = seed.venueMap.markers.filter((marker) => marker.kind === 'water').map((marker) => marker.id);
    const stages = seed.venueMap.markers.filter((marker) => marker.kind === 'stage').map((marker) => marker.id);
    expect(drawn.toSorted()).toEqual([...water, ...stages].toSorted());
    const found = within(screen.getByRole('list', { name: 'Places found' })).getAllByRole('button');
    expect(found).toHaveLength(water.length);
    const list = screen.getByRole('heading', { name: 'Everything on the map' }).parentElement!;
    expect(within(list).queryByRole('heading', { name: 'Toilets' })).toBeNull();
    await userEvent.click(within(list).getByRole('button', { name: 'Drinking water by The Pier' }));
    expect(within(plan).getByRole('button', { name: 'Drinking water by The Pier' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('heading', { level: 2, name: 'Drinking water by The Pier' })).toBeTruthy();
    expect(scrolled).toEqual(['map-plan']);
  }, 40_000);
});
