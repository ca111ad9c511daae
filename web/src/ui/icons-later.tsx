import type { SVGProps } from 'react';
import { IconPath } from './icons';

/**
 * The icons no first page draws (icons.tsx has those): a sheet's close, the banner's expand,
 * the sync mark, and the More sheet's sections. Drawn only by code that loads later, so they
 * load with it.
 */
const LATER_PATHS = {
  upload: 'M12 16V4M7 9l5-5 5 5M5 16v4h14v-4',
  staff: 'M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6z M9 12l2 2 4-4',
  close: 'M6 6l12 12M18 6L6 18',
  expand: 'M6 9l6 6 6-6',
  map: 'M9 4L3 6v14l6-2 6 2 6-2V4l-6 2zM9 4v14M15 6v14',
  lineup: 'M4 6h10M4 12h10M4 18h10M18 5v14M16 17l2 2 2-2',
  sync: 'M4 12a8 8 0 0 1 14-5.3M20 4v4h-4M20 12a8 8 0 0 1-14 5.3M4 20v-4h4',
  info: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 11v6M12 7.5h.01',
  locate: 'M12 19a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM12 2v3M12 19v3M2 12h3M19 12h3',
} as const;

export type LaterIconName = keyof typeof LATER_PATHS;

export const isLaterIcon = (name: string): name is LaterIconName => Object.hasOwn(LATER_PATHS, name);

export function LaterIcon({ name, ...props }: { name: LaterIconName } & SVGProps<SVGSVGElement>) {
  return <IconPath d={LATER_PATHS[name]} {...props} />;
}
