import type { FestivalCapability } from '@encore/model';
import { defineMessages, type MessageDescriptor } from 'react-intl';

const labels = defineMessages({
  dashboard: { id: 'staff.page.dashboard', defaultMessage: 'Dashboard' },
  festival: { id: 'staff.page.festival', defaultMessage: 'Festival' },
  moderation: { id: 'staff.page.moderation', defaultMessage: 'Moderation' },
  programme: { id: 'staff.page.programme', defaultMessage: 'Programme' },
  import: { id: 'staff.page.import', defaultMessage: 'Import' },
  map: { id: 'staff.page.map', defaultMessage: 'Map' },
  info: { id: 'staff.page.info', defaultMessage: 'Info pages' },
  announcements: { id: 'staff.page.announcements', defaultMessage: 'Announcements' },
  team: { id: 'staff.page.team', defaultMessage: 'Team' },
  export: { id: 'staff.page.export', defaultMessage: 'Export' },
  editions: { id: 'staff.page.editions', defaultMessage: 'Editions' },
  history: { id: 'staff.page.history', defaultMessage: 'History' },
  help: { id: 'staff.page.help', defaultMessage: 'Help' },
});

export type ConsoleSectionKey = keyof typeof labels;

export interface ConsoleSection {
  key: ConsoleSectionKey;
  /** Inside the console's nest (`/staff`). */
  path: string;
  /** What a role needs to see it (ROLE_CAPABILITIES in the model): a moderator sees the dashboard and moderation, programme staff all but moderation. */
  capability: FestivalCapability;
  label: MessageDescriptor;
}

/** The console's sections in their order, each with the capability that opens it. */
export const CONSOLE_SECTIONS: readonly ConsoleSection[] = [
  { key: 'dashboard', path: '/', capability: 'figures', label: labels.dashboard },
  { key: 'help', path: '/help', capability: 'help', label: labels.help },
  { key: 'festival', path: '/festival', capability: 'manage', label: labels.festival },
  { key: 'moderation', path: '/moderation', capability: 'moderate', label: labels.moderation },
  { key: 'programme', path: '/programme', capability: 'programme', label: labels.programme },
  { key: 'import', path: '/import', capability: 'programme', label: labels.import },
  { key: 'map', path: '/map', capability: 'programme', label: labels.map },
  { key: 'info', path: '/info', capability: 'programme', label: labels.info },
  { key: 'announcements', path: '/announcements', capability: 'announce', label: labels.announcements },
  { key: 'team', path: '/team', capability: 'manage', label: labels.team },
  { key: 'export', path: '/export', capability: 'manage', label: labels.export },
  { key: 'editions', path: '/editions', capability: 'manage', label: labels.editions },
  { key: 'history', path: '/history', capability: 'programme', label: labels.history },
];
