import { defineMessages } from 'react-intl';
import type { ReactNode } from 'react';
import type { IconName } from '../icons';
import type { LaterIconName } from '../icons-later';

/** The app's sections, in the order the navigation shows them. */
export const labels = defineMessages({
  programme: { id: 'ui.nav.programme', defaultMessage: 'Programme' },
  lineup: { id: 'ui.nav.lineup', defaultMessage: 'Line-up' },
  schedule: { id: 'ui.nav.schedule', defaultMessage: 'My schedule' },
  photos: { id: 'ui.nav.photos', defaultMessage: 'Photos' },
  news: { id: 'ui.nav.news', defaultMessage: 'News' },
  map: { id: 'ui.nav.map', defaultMessage: 'Map' },
  info: { id: 'ui.nav.info', defaultMessage: 'Info' },
  upload: { id: 'ui.nav.upload', defaultMessage: 'Upload' },
  account: { id: 'ui.nav.account', defaultMessage: 'Account' },
  staff: { id: 'ui.nav.staff', defaultMessage: 'Staff' },
  more: { id: 'ui.nav.more', defaultMessage: 'More' },
});

export interface Section {
  key: keyof typeof labels;
  to: string;
  icon: IconName | LaterIconName;
  /** Matches only the path itself (the programme at "/"), not everything under it. */
  end?: boolean;
}

/** Something to show beside a section's name (the unread count on News), inside its link. */
export type Badges = Partial<Record<Section['key'], ReactNode>>;

/** On phones these are the tabs; on wide screens, the top navigation (with the secondary ones). */
export const PRIMARY: (Section & { icon: IconName })[] = [
  { key: 'programme', to: '/', icon: 'programme', end: true },
  { key: 'schedule', to: '/my', icon: 'schedule' },
  { key: 'photos', to: '/photos', icon: 'photos' },
  { key: 'news', to: '/inbox', icon: 'news' },
];

/**
 * Behind "More" on phones. Staff appears for staff accounts only.
 *
 * The line-up leads it: the tab bar holds five targets of thumb size at 390 px and each of its
 * four sections is a daily task (the programme, one's schedule, photos, news), whereas the
 * line-up is browsed now and then and "when does X play?" is answered faster by the search in
 * the header of every page. On wide screens it stands beside the programme (`topNavSections`).
 */
export function secondarySections(staff: boolean): Section[] {
  return [
    { key: 'lineup', to: '/lineup', icon: 'lineup' },
    { key: 'map', to: '/map', icon: 'map' },
    { key: 'info', to: '/info', icon: 'info' },
    { key: 'upload', to: '/upload', icon: 'upload' },
    { key: 'account', to: '/account', icon: 'account' },
    ...(staff ? [{ key: 'staff', to: '/staff', icon: 'staff' } as const] : []),
  ];
}

/** The top navigation's order: the line-up right after the programme, the rest as given. */
export function topNavSections(extra: Section[]): Section[] {
  const [programme, ...rest] = PRIMARY;
  const lineup = extra.filter((section) => section.key === 'lineup');
  return [programme!, ...lineup, ...rest, ...extra.filter((section) => section.key !== 'lineup')];
}

/** Whether `location` is in `section` (the same rule NavLink applies for aria-current). */
export function isCurrent(location: string, section: Pick<Section, 'to' | 'end'>): boolean {
  if (section.end) return location === section.to;
  return location === section.to || location.startsWith(`${section.to}/`);
}
