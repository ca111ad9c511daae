import { useSyncExternalStore } from 'react';

/**
 * The colour theme: follow the system (the default), or always light / dark. The choice is
 * remembered on this device; index.html applies it before the first paint (same key, same
 * `data-theme` attribute), so a dark-theme visitor never sees a white flash.
 */
export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export const THEME_STORAGE_KEY = 'encore.theme';

const listeners = new Set<() => void>();

function read(): Theme {
  try {
    const value = window.localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

/** Puts the theme on `<html data-theme>`: absent means "follow the system" (see tokens.css). */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  if (theme === 'system') delete root.dataset['theme'];
  else root.dataset['theme'] = theme;
}

export function setTheme(theme: Theme): void {
  try {
    if (theme === 'system') window.localStorage.removeItem(THEME_STORAGE_KEY);
    else window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Not remembered, still applied for this visit.
  }
  applyTheme(theme);
  for (const listener of listeners) listener();
}

export function useTheme(): Theme {
  return useSyncExternalStore(
    (onChange) => {
      // Another tab changed it: follow.
      const fromOtherTab = (event: StorageEvent) => {
        if (event.key !== THEME_STORAGE_KEY) return;
        applyTheme(read());
        onChange();
      };
      listeners.add(onChange);
      window.addEventListener('storage', fromOtherTab);
      return () => {
        listeners.delete(onChange);
        window.removeEventListener('storage', fromOtherTab);
      };
    },
    () => (document.documentElement.dataset['theme'] as Theme | undefined) ?? 'system',
  );
}
