import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { renderWithIntl } from '../../i18n/test-utils';
import type { FirstStepsDone } from './first-steps';
import { FirstSteps } from './FirstSteps';

function renderSteps(done: FirstStepsDone, locale: 'en' | 'nl' = 'en', withBrand = false) {
  // Inside the console's nest, as the dashboard is.
  const { hook } = memoryLocation({ path: '/staff' });
  return renderWithIntl(
    <Router hook={hook}>
      <Router base="/staff">
        <FirstSteps festivalId="zomer-2027" done={done} withBrand={withBrand} />
      </Router>
    </Router>,
    { locale },
  );
}

beforeEach(() => window.localStorage.clear());

describe('FirstSteps', () => {
  it('lists the four steps in order, each done or to do, with a link to where it is done', () => {
    renderSteps({ stages: true, programme: false, map: false, info: true });
    expect(screen.getByRole('heading', { name: 'First steps' })).toBeTruthy();
    expect(screen.getByText('2 of 4 done.')).toBeTruthy();
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('a')?.textContent)).toEqual(['Add the stages', 'Put the programme in', 'Draw the venue map', 'Write an info page']);
    expect(items.map((item) => item.hasAttribute('data-done'))).toEqual([true, false, false, true]);
    expect(items[0]!.textContent).toContain(': done');
    expect(items[1]!.textContent).toContain(': to do');
    expect(screen.getByRole('link', { name: 'Add the stages' }).getAttribute('href')).toBe('/staff/programme');
    expect(screen.getByRole('link', { name: 'Put the programme in' }).getAttribute('href')).toBe('/staff/import');
    expect(screen.getByRole('link', { name: 'editor' }).getAttribute('href')).toBe('/staff/programme');
    expect(screen.getByRole('link', { name: 'Draw the venue map' }).getAttribute('href')).toBe('/staff/map');
    expect(screen.getByRole('link', { name: 'Write an info page' }).getAttribute('href')).toBe('/staff/info');
  });

  it('gives the festival’s admins a fifth step, the logo and app icon on the Festival page', () => {
    const admin = renderSteps({ stages: true, programme: true, map: true, info: true, brand: false }, 'en', true);
    expect(screen.getByText('4 of 5 done.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Your logo and app icon' }).getAttribute('href')).toBe('/staff/festival');
    expect(screen.getAllByRole('listitem').at(-1)!.textContent).toContain(': to do');
    admin.unmount();
    const done = renderSteps({ stages: true, programme: true, map: true, info: true, brand: true }, 'en', true);
    expect(screen.queryByRole('heading', { name: 'First steps' })).toBeNull();
    done.unmount();
    // Not known yet: nothing said.
    renderSteps({ stages: true, programme: true, map: true, info: true, brand: undefined }, 'en', true);
    expect(screen.queryByRole('heading', { name: 'First steps' })).toBeNull();
  });

  it('is gone once every step is done, and says nothing before it knows', () => {
    const all = renderSteps({ stages: true, programme: true, map: true, info: true });
    expect(screen.queryByRole('heading', { name: 'First steps' })).toBeNull();
    all.unmount();
    renderSteps({ stages: true, programme: undefined, map: false, info: false });
    expect(screen.queryByRole('heading', { name: 'First steps' })).toBeNull();
  });

  it('stays hidden for this festival once hidden', async () => {
    const user = userEvent.setup({ delay: null });
    const first = renderSteps({ stages: false, programme: false, map: false, info: false });
    await user.click(screen.getByRole('button', { name: 'Hide the first steps' }));
    expect(screen.queryByRole('heading', { name: 'First steps' })).toBeNull();
    first.unmount();
    renderSteps({ stages: false, programme: false, map: false, info: false });
    expect(screen.queryByRole('heading', { name: 'First steps' })).toBeNull();
  });

  it('speaks Dutch', () => {
    renderSteps({ stages: false, programme: false, map: true, info: false }, 'nl');
    expect(screen.getByRole('heading', { name: 'Eerste stappen' })).toBeTruthy();
    expect(screen.getByText('1 van 4 klaar.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voeg de podia toe' })).toBeTruthy();
  });
});
