import type { FestivalRole } from '@encore/model';
import { defineMessages, type MessageDescriptor } from 'react-intl';

/** Each festival role's name and what it may do, in one line (model/src/schemas/role.ts). */
export const ROLE_NAMES: Record<FestivalRole, MessageDescriptor> = defineMessages({
  admin: { id: 'team.role.admin', defaultMessage: 'Admin' },
  programme: { id: 'team.role.programme', defaultMessage: 'Programme' },
  moderator: { id: 'team.role.moderator', defaultMessage: 'Moderator' },
});

export const ROLE_EXPLANATIONS: Record<FestivalRole, MessageDescriptor> = defineMessages({
  admin: { id: 'team.role.adminExplained', defaultMessage: "Everything, plus the festival's settings and look, its team and invites." },
  programme: { id: 'team.role.programmeExplained', defaultMessage: 'Stages, artists, sets, the venue map, info pages and announcements.' },
  moderator: { id: 'team.role.moderatorExplained', defaultMessage: 'Photos, reports and suspensions.' },
});

export const ROLES: readonly FestivalRole[] = ['admin', 'programme', 'moderator'];
