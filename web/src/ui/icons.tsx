import type { SVGProps } from 'react';

/**
 * The few line icons the shell and the states use, inline (no icon font, no request), drawn
 * on a 24 px grid with the current text colour. Always decorative: the text next to an icon
 * carries its meaning, so every icon is aria-hidden.
 *
 * Here, the ones the first page draws (the tab bar, the header, the programme's toolbar and
 * timeline) and the states every page can show (EmptyState's, offline): the programme's first
 * download carries this file. The others (a sheet's close, the More sheet's sections, the sync
 * mark) are in icons-later.tsx, with the code that draws them (0.4 KB gzipped off the first
 * page, `npm run bench -- bundle-size`).
 */
const PATHS = {
  programme: 'M4 5h16M4 5v14h16V5M4 10h16M9 10v9M15 10v9',
  schedule: 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z',
  photos: 'M4 7h3l2-2h6l2 2h3v12H4zM12 16a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z',
  news: 'M4 10v4h3l6 4V6L7 10zM17 9a4 4 0 0 1 0 6M19.5 6.5a8 8 0 0 1 0 11',
  more: 'M5 12h.01M12 12h.01M19 12h.01',
  account: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0',
  empty: 'M4 13l2-8h12l2 8M4 13v6h16v-6M4 13h5l1 2h4l1-2h5',
  alert: 'M12 4l9 16H3zM12 10v4M12 17h.01',
  offline: 'M3 3l18 18M9 17a4 4 0 0 1 6 0M6 13.5a8.5 8.5 0 0 1 4-2.2M13.5 11.3a8.5 8.5 0 0 1 4.5 2.2M2.5 9.5A13 13 0 0 1 7 7M11 6a13 13 0 0 1 10.5 3.5',
  now: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 2',
  filters: 'M4 6h16M7 12h10M10 18h4',
  timeline: 'M4 4v16M10 4v16M16 4v16M20 4v16M4 8h16',
  list: 'M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4',
  /** A cross in a circle: the Help page (first aid, staff). */
  help: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7.5v9M7.5 12h9',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, ...props }: { name: IconName } & SVGProps<SVGSVGElement>) {
  return <IconPath d={PATHS[name]} strokeWidth={name === 'more' ? 3.2 : 2} {...props} />;
}

/** One icon's path on the 24 px grid, drawn as every icon is. */
export function IconPath({ d, ...props }: { d: string } & SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" {...props}>
      <path d={d} />
    </svg>
  );
}
