import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initialLiveState, type LiveState } from '../firebase/live-state';
import { renderWithIntl } from '../i18n/test-utils';
import { LiveGate } from './LiveGate';

type Gate = Pick<LiveState<string[] | { name: string } | null>, 'data' | 'status' | 'error' | 'fromCache'>;

const words = {
  loading: { label: 'Loading the things…', shape: 'lines' as const, count: 2 },
  notSaved: { title: 'The things are not saved on this device yet', body: 'They will appear when you are back online.' },
  none: <p>No things yet</p>,
};

function gate(state: Gate) {
  return renderWithIntl(
    <LiveGate state={state} {...words}>
      {(data) => <p>{Array.isArray(data) ? `Things: ${data.join(', ')}` : `Thing: ${data.name}`}</p>}
    </LiveGate>,
  );
}

const ready = (data: Gate['data'], fromCache: boolean): Gate => ({ data, status: 'ready', error: null, fromCache });
const shown = () => document.body.textContent;

describe('the live data gate', () => {
  it('says it is loading, in words for screen readers, until the listener answers', () => {
    gate(initialLiveState<string[]>([]));
    expect(screen.getByRole('status').textContent).toBe('Loading the things…');
    expect(shown()).not.toContain('No things yet');
    expect(shown()).not.toContain('not saved');
  });

  it('shows the error as the page’s state, with what to do', () => {
    gate({ data: [], status: 'error', error: Object.assign(new Error('denied'), { code: 'permission-denied' }), fromCache: true });
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(shown()).not.toContain('No things yet');
  });

  it('says "not saved on this device yet" for an empty list or a missing document when only the cache answered', () => {
    gate(ready([], true));
    expect(shown()).toContain('The things are not saved on this device yet');
    expect(shown()).toContain('They will appear when you are back online.');
    expect(shown()).not.toContain('No things yet');
  });

  it('says "not saved" for a missing document from the cache, and "none yet" only when the server says so', () => {
    const { unmount } = gate(ready(null, true));
    expect(shown()).toContain('The things are not saved on this device yet');
    unmount();
    gate(ready(null, false));
    expect(shown()).toBe('No things yet');
  });

  it('says "none yet" for an empty list from the server', () => {
    gate(ready([], false));
    expect(shown()).toBe('No things yet');
  });

  it('renders the data, from the cache or the server alike', () => {
    const { unmount } = gate(ready(['water', 'toilets'], true));
    expect(shown()).toBe('Things: water, toilets');
    unmount();
    gate(ready({ name: 'the map' }, false));
    expect(shown()).toBe('Thing: the map');
  });
});
