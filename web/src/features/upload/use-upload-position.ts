import { useEffect } from 'react';
import { usePosition, type PositionState } from '../venue/use-position';

/**
 * The person's position for the upload page's suggestion (the set on the stage nearest to
 * them). Never asked for by the page itself: it starts at once only when the person has
 * already let Encore use their position (the Permissions API says "granted", so no prompt
 * appears), else only after a tap (`start`). As on the map, it lives in memory only: never
 * stored, never sent. `wanted`: whether there is anything to use it for (a georeferenced plan).
 */
export function useUploadPosition(wanted: boolean): { state: PositionState; start(): void } {
  const { state, start } = usePosition();
  useEffect(() => {
    if (!wanted || !('permissions' in navigator) || !('geolocation' in navigator)) return;
    let cancelled = false;
    navigator.permissions.query({ name: 'geolocation' }).then(
      (status) => {
        if (!cancelled && status.state === 'granted') start();
      },
      // A browser that cannot say (an old Safari): the position waits for a tap.
      () => {},
    );
    return () => {
      cancelled = true;
    };
  }, [wanted, start]);
  return { state, start };
}
