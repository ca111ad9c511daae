import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useOpenPhoto } from './use-open-photo';

const wall = (...ids: string[]) => ids.map((id) => ({ id }));

describe('useOpenPhoto', () => {
  it('keeps the same photo open when a new one is published at the top of the wall', () => {
    const { result, rerender } = renderHook(({ photos }) => useOpenPhoto(photos), { initialProps: { photos: wall('a', 'b', 'c') } });
    act(() => result.current.openAt(1));
    expect(result.current.index).toBe(1);

    rerender({ photos: wall('new', 'a', 'b', 'c') });
    expect(result.current.index).toBe(2);
  });

  it('moves to the next and previous photo by place, from where the open one is now', () => {
    const { result, rerender } = renderHook(({ photos }) => useOpenPhoto(photos), { initialProps: { photos: wall('a', 'b', 'c') } });
    act(() => result.current.openAt(0));
    rerender({ photos: wall('new', 'a', 'b', 'c') });
    act(() => result.current.openAt(result.current.index! + 1));
    expect(result.current.index).toBe(2);
    rerender({ photos: wall('newer', 'new', 'a', 'b', 'c') });
    expect(result.current.index).toBe(3);
  });

  it('closes when the open photo leaves the wall, and stays closed if it comes back', () => {
    const { result, rerender } = renderHook(({ photos }) => useOpenPhoto(photos), { initialProps: { photos: wall('a', 'b') } });
    act(() => result.current.openAt(1));
    rerender({ photos: wall('a') });
    expect(result.current.index).toBeNull();
    rerender({ photos: wall('a', 'b') });
    expect(result.current.index).toBeNull();
  });

  it('closes on request', () => {
    const { result } = renderHook(() => useOpenPhoto(wall('a')));
    act(() => result.current.openAt(0));
    act(() => result.current.close());
    expect(result.current.index).toBeNull();
  });
});
