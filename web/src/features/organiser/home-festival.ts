import { useCallback, useEffect, useState } from 'react';

const homeSettings = () => import('../../app/home-settings');

/** `site/settings` as the organisers' page shows and changes it: which festival `/` opens. */
export type HomeFestivalState =
  | { status: 'loading' }
  | { status: 'ready'; chosen: string | null; saving: string | null | undefined; error: unknown }
  | { status: 'error'; error: unknown };

/**
 * For a project admin (`admin`): the festival `/` opens now, and `choose(id)` to make it
 * another (null: none, then the build's festival or the chooser). `saving` is the choice on
 * its way (undefined when none is); a refused or failed write keeps the last choice and its error.
 */
export function useHomeFestival(admin: boolean, uid: string) {
  const [state, setState] = useState<HomeFestivalState>({ status: 'loading' });

  useEffect(() => {
    if (!admin) return;
    let current = true;
    homeSettings()
      .then((api) => api.readChosenHomeFestival())
      .then(
        (chosen) => current && setState({ status: 'ready', chosen, saving: undefined, error: null }),
        (error: unknown) => current && setState({ status: 'error', error }),
      );
    return () => {
      current = false;
    };
  }, [admin]);

  const choose = useCallback(
    (festivalId: string | null) => {
      setState((before) => (before.status === 'ready' ? { ...before, saving: festivalId, error: null } : before));
      homeSettings()
        .then((api) => api.setHomeFestival(festivalId, uid))
        .then(
          () => setState({ status: 'ready', chosen: festivalId, saving: undefined, error: null }),
          (error: unknown) => setState((before) => (before.status === 'ready' ? { ...before, saving: undefined, error } : before)),
        );
    },
    [uid],
  );

  return { state, choose };
}
