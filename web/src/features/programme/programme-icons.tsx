import type { SVGProps } from 'react';

/** The programme toolbar's line icons (same grid and stroke as ui/icons.tsx), always decorative. */
const PATHS = {
  now: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 2',
  filters: 'M4 6h16M7 12h10M10 18h4',
  timeline: 'M4 4v16M10 4v16M16 4v16M20 4v16M4 8h16',
  list: 'M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01',
} as const;

export function ProgrammeIcon({ name, ...props }: { name: keyof typeof PATHS } & SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" {...props}>
      <path d={PATHS[name]} />
    </svg>
  );
}
