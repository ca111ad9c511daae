import type { AuditKind } from '@encore/model';
import { defineMessages, type MessageDescriptor } from 'react-intl';

/** What each kind of entry is called (the filter and each entry's heading). */
export const KIND_NAMES: Record<AuditKind, MessageDescriptor> = defineMessages({
  festival: { id: 'history.kind.festival', defaultMessage: 'Festival settings' },
  stage: { id: 'history.kind.stage', defaultMessage: 'Stage' },
  artist: { id: 'history.kind.artist', defaultMessage: 'Artist' },
  performance: { id: 'history.kind.performance', defaultMessage: 'Set' },
  delay: { id: 'history.kind.delay', defaultMessage: 'Stage running late' },
  'info-page': { id: 'history.kind.infoPage', defaultMessage: 'Info page' },
  'venue-map': { id: 'history.kind.venueMap', defaultMessage: 'Site plan' },
  announcement: { id: 'history.kind.announcement', defaultMessage: 'Announcement' },
  suspension: { id: 'history.kind.suspension', defaultMessage: 'Suspension' },
  moderation: { id: 'history.kind.moderation', defaultMessage: 'Photo moderation' },
  staff: { id: 'history.kind.staff', defaultMessage: 'Team member' },
  invite: { id: 'history.kind.invite', defaultMessage: 'Team invite' },
});

/** The fields staff know by a name; any other shows as stored. */
export const FIELD_NAMES: Record<string, MessageDescriptor> = defineMessages({
  name: { id: 'history.field.name', defaultMessage: 'Name' },
  title: { id: 'history.field.title', defaultMessage: 'Title' },
  titleNl: { id: 'history.field.titleNl', defaultMessage: 'Title (Dutch)' },
  body: { id: 'history.field.body', defaultMessage: 'Text' },
  bodyNl: { id: 'history.field.bodyNl', defaultMessage: 'Text (Dutch)' },
  startsAt: { id: 'history.field.startsAt', defaultMessage: 'Starts' },
  endsAt: { id: 'history.field.endsAt', defaultMessage: 'Ends' },
  stageId: { id: 'history.field.stageId', defaultMessage: 'Stage' },
  artistId: { id: 'history.field.artistId', defaultMessage: 'Artist' },
  status: { id: 'history.field.status', defaultMessage: 'Status' },
  order: { id: 'history.field.order', defaultMessage: 'Place in the list' },
  role: { id: 'history.field.role', defaultMessage: 'Role' },
  priority: { id: 'history.field.priority', defaultMessage: 'Priority' },
  bio: { id: 'history.field.bio', defaultMessage: 'Biography' },
  genres: { id: 'history.field.genres', defaultMessage: 'Genres' },
  links: { id: 'history.field.links', defaultMessage: 'Links' },
  markers: { id: 'history.field.markers', defaultMessage: 'Places on the plan' },
  routes: { id: 'history.field.routes', defaultMessage: 'Routes' },
  reason: { id: 'history.field.reason', defaultMessage: 'Reason' },
  active: { id: 'history.field.active', defaultMessage: 'Active' },
  authorName: { id: 'history.field.authorName', defaultMessage: 'Signed by' },
  createdAt: { id: 'history.field.createdAt', defaultMessage: 'Posted' },
  withdrawnAt: { id: 'history.field.withdrawnAt', defaultMessage: 'Withdrawn' },
  email: { id: 'history.field.email', defaultMessage: 'Email' },
  expiresAt: { id: 'history.field.expiresAt', defaultMessage: 'Expires' },
});

/**
 * Fields the History leaves out: who wrote (as uids: the entry names its actor) and when (the
 * entry's own time). The entry keeps them, for an undo.
 */
export const UNSHOWN_FIELDS: ReadonlySet<string> = new Set([
  'authorUid',
  'editedBy',
  'editedAt',
  'withdrawnBy',
  'suspendedBy',
  'suspendedAt',
  'liftedBy',
  'liftedAt',
  'addedBy',
  'addedAt',
  'createdBy',
  'acceptedBy',
  'updatedAt',
]);

/** Where a change was made: in the console itself, or by one of the backend's actions. */
export const VIA_NAMES: Record<string, MessageDescriptor> = defineMessages({
  console: { id: 'history.via.console', defaultMessage: 'in the console' },
  importProgramme: { id: 'history.via.importProgramme', defaultMessage: 'by a programme import' },
  createFestival: { id: 'history.via.createFestival', defaultMessage: 'when the festival was created' },
  inviteStaff: { id: 'history.via.inviteStaff', defaultMessage: 'by an invite' },
  revokeStaffInvite: { id: 'history.via.revokeStaffInvite', defaultMessage: 'by withdrawing an invite' },
  acceptStaffInvite: { id: 'history.via.acceptStaffInvite', defaultMessage: 'by accepting an invite' },
  setStaffRole: { id: 'history.via.setStaffRole', defaultMessage: 'by a role change' },
  removeStaffMember: { id: 'history.via.removeStaffMember', defaultMessage: 'by removing a team member' },
  moderatePhoto: { id: 'history.via.moderatePhoto', defaultMessage: 'by hiding or restoring a photo' },
  undoChange: { id: 'history.via.undoChange', defaultMessage: 'by an undo' },
});
