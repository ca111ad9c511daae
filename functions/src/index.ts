/** Encore's Cloud Functions. Wiring lives in `triggers/`, work in `handlers/`, rules in `domain/`. */
export { onUploadFinalized, onUploadDeleted } from './triggers/storage.js';
export { onFavoriteWritten, onReactionWritten, onReportCreated, onPhotoWritten, onPerformanceUpdated, onDelayWritten, onAnnouncementWritten, onFestivalWritten, onStageWritten, onArtistWritten, onPerformanceWritten, onVenueMapWritten, onInfoPageWritten } from './triggers/firestore.js';
export {
  processPhoto,
  processMedia,
  markPhotoDeleted,
  countPhoto,
  cleanUpPhoto,
  notifyUploader,
  removeDeletedPhoto,
  publishWallPhoto,
  countFavorite,
  countReaction,
  moderateReport,
  fanOutProgrammeChange,
  notifyFans,
  notifyDelay,
  fanOutAnnouncement,
  pushAnnouncement,
  refreshTrending,
  rebuildProgrammeBundle,
} from './triggers/subscribers.js';
export { programmeBundle, firstPage, festivalManifest, calendarFeed, calendarLink, moderatePhoto, reporterStanding, importProgramme, announcementReach } from './triggers/https.js';
export { nightlyMaintenance, sendReminders, sweepLiveMarks } from './triggers/schedule.js';
export { publishLiveSets, publishLivePhotos, publishProgramme } from './triggers/tasks.js';
export { createFriendInvite, describeFriendInvite, acceptFriendInvite, removeFriend, setFriendPlanHidden } from './triggers/friends.js';
export { archiveFestival, createEdition, createFestival } from './triggers/festivals.js';
export {
  auditFestivalWritten,
  auditStageWritten,
  auditArtistWritten,
  auditPerformanceWritten,
  auditDelayWritten,
  auditVenueWritten,
  auditInfoPageWritten,
  auditAnnouncementWritten,
  auditSuspensionWritten,
} from './triggers/audit.js';
export { createFriendGroup, addGroupMember, answerGroupInvite, leaveFriendGroup, onFriendGroupWritten, sweepExpiredLocations } from './triggers/groups.js';
export { onHelpRequestWritten } from './triggers/help.js';
export { inviteStaff, revokeStaffInvite, acceptStaffInvite, setStaffRole, removeStaffMember } from './triggers/callable.js';
export { undoChange } from './triggers/undo.js';
