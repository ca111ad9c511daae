import { act, render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { Link, Route, Router, useLocation, useSearch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterNextPaint } from './after-next-paint';
import { PageSwitch, ShownPage } from './ShownPage';

function Filters() {
  return <p>filters: {useSearch() || 'none'}</p>;
}

describe('ShownPage', () => {
  it('keeps the page being left, with its own search, on screen until the next page can be drawn, marking the wait', async () => {
    let arrive: ((module: { default: () => React.ReactElement }) => void) | undefined;
    const MapPage = lazy(() => new Promise<{ default: () => React.ReactElement }>((resolve) => (arrive = resolve)));
    const { hook, searchHook, navigate } = memoryLocation({ path: '/?day=2026-08-15' });
    const { container } = render(
      <Router hook={hook} searchHook={searchHook}>
        <ShownPage>
          <Suspense fallback={<p>Loading…</p>}>
            <PageSwitch>
              <Route path="/" component={Filters} />
              <Route path="/map" component={MapPage} />
            </PageSwitch>
          </Suspense>
        </ShownPage>
      </Router>,
    );
    expect(screen.getByText('filters: day=2026-08-15')).toBeTruthy();

    // The page's own change of its search reaches it at once.
    act(() => navigate('/?day=2026-08-16'));
    expect(screen.getByText('filters: day=2026-08-16')).toBeTruthy();
    await act(() => afterNextPaint());

    // Another page whose code is not in yet: the programme stays, with its filters, not "Loading…".
    act(() => navigate('/map'));
    // The tap's frame, then the next page's render, which waits for its code.
    await act(() => afterNextPaint());
    expect(arrive).toBeTypeOf('function');
    expect(screen.getByText('filters: day=2026-08-16')).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(container.querySelector('.page-pending')).not.toBeNull();

    await act(async () => arrive!({ default: () => <h1>Map</h1> }));
    expect(await screen.findByRole('heading', { name: 'Map' })).toBeTruthy();
    expect(screen.queryByText(/filters:/)).toBeNull();
    expect(container.querySelector('.page-pending')).toBeNull();
  });

  it("does not draw the page being left again in the tap's frame: its links follow the page shown, and still lead where they say", async () => {
    // A Link calls a className function each time it renders (with whether it is the page shown).
    const drawn: boolean[] = [];
    const { hook, searchHook, navigate, history } = memoryLocation({ path: '/festival/?day=2026-08-15', record: true });
    function Programme() {
      return (
        <Link to="/performances/p1" className={(active) => (drawn.push(active), 'set-link')}>
          Nightjars
        </Link>
      );
    }
    function Where() {
      return <p>at {useLocation()[0]}</p>;
    }
    render(
      <Router hook={hook} searchHook={searchHook} base="/festival">
        <ShownPage>
          <PageSwitch>
            <Route path="/" component={Programme} />
            <Route path="/performances/:id" component={Where} />
            <Route path="/map" component={Where} />
          </PageSwitch>
        </ShownPage>
      </Router>,
    );
    expect(screen.getByRole('link', { name: 'Nightjars' }).getAttribute('href')).toBe('/festival/performances/p1');
    const before = drawn.length;

    act(() => navigate('/festival/map'));
    // The tap's frame: the programme is still on screen, not drawn again.
    expect(drawn.length).toBe(before);
    await act(() => afterNextPaint());
    expect(screen.getByText('at /map')).toBeTruthy();

    act(() => navigate('/festival/'));
    await act(() => afterNextPaint());
    act(() => screen.getByRole('link', { name: 'Nightjars' }).click());
    await act(() => afterNextPaint());
    expect(history.at(-1)).toBe('/festival/performances/p1');
    expect(screen.getByText('at /performances/p1')).toBeTruthy();
  });
});
