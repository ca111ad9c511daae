import { lazy, useState, type ComponentType } from 'react';

/**
 * A component whose code loads apart, like React.lazy, that can be loaded ahead (`preload`):
 * drawn once its code is in, it is drawn in the same render, where React.lazy suspends once
 * whatever was loaded before (its fallback flashes, or the nearest boundary's). Drawn before,
 * it suspends as React.lazy does. Each place it is drawn keeps the one it started with, so
 * nothing is mounted twice.
 */
export function preloadable<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loaded: ComponentType<Props> | null = null;
  const preload = () => load().then((component) => (loaded = component));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Preloadable(props: Props) {
    const [Component] = useState<ComponentType<Props>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return { Component: Preloadable, preload };
}
