import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUploadPosition } from './use-upload-position';

/** A browser whose geolocation permission is in `permission`, recording every request for a position. */
function browserWith(permission: PermissionState) {
  const watchPosition = vi.fn((onFix: PositionCallback) => {
    onFix({ coords: { latitude: 52.353, longitude: 5.012, heading: null, accuracy: 12 } } as GeolocationPosition);
    return 1;
  });
  const query = vi.fn(() => Promise.resolve({ state: permission } as PermissionStatus));
  vi.stubGlobal('navigator', {
    userAgent: navigator.userAgent,
    language: navigator.language,
    geolocation: { watchPosition, clearWatch: vi.fn(), getCurrentPosition: vi.fn() },
    permissions: { query },
  });
  return { watchPosition, query };
}

afterEach(() => {
  // Unmounted first: the hook clears its watch on the stubbed browser.
  cleanup();
  vi.unstubAllGlobals();
});

describe('the upload page’s position', () => {
  it('is taken at once when the person let Encore use it before (no prompt can appear)', async () => {
    const { watchPosition } = browserWith('granted');
    const { result } = renderHook(() => useUploadPosition(true));
    await waitFor(() => expect(result.current.state.status).toBe('on'));
    expect(watchPosition).toHaveBeenCalledOnce();
  });

  it('is never asked for by the page itself: only after a tap when the browser would prompt', async () => {
    const { watchPosition, query } = browserWith('prompt');
    const { result } = renderHook(() => useUploadPosition(true));
    await waitFor(() => expect(query).toHaveBeenCalled());
    await act(() => Promise.resolve());
    expect(watchPosition).not.toHaveBeenCalled();
    expect(result.current.state.status).toBe('off');
    act(() => result.current.start());
    expect(watchPosition).toHaveBeenCalledOnce();
    expect(result.current.state.status).toBe('on');
  });

  it('is not taken, even when allowed, while there is nothing to use it for (a plan with no georeference)', async () => {
    const { watchPosition, query } = browserWith('granted');
    renderHook(() => useUploadPosition(false));
    await act(() => Promise.resolve());
    expect(query).not.toHaveBeenCalled();
    expect(watchPosition).not.toHaveBeenCalled();
  });
});
