import { subjectPath, type AppIconPurpose, type BrandImage, type MediaSubject } from './schemas/media.js';

/**
 * Every Firestore and Storage path of the data contract (docs/data-contract.md), in
 * one place, so web, functions, rules tests and the seed never spell a path by hand.
 */

export const firestorePaths = {
  festivals: () => 'festivals',
  festival: (festivalId: string) => `festivals/${festivalId}`,
  /** Project admins write, everyone reads (issue 35): the festival `/` opens. */
  siteSettings: () => 'site/settings',
  /** Functions only; the person reads their own, the festival's admins all (issue 35): who has which role in a festival. */
  festivalStaff: (festivalId: string) => `festivals/${festivalId}/staff`,
  festivalStaffMember: (festivalId: string, uid: string) => `festivals/${festivalId}/staff/${uid}`,
  /** Functions only; the festival's admins read (issue 35): invites to its staff, by the SHA-256 of each link's secret. */
  staffInvites: (festivalId: string) => `festivals/${festivalId}/staffInvites`,
  staffInvite: (festivalId: string, inviteId: string) => `festivals/${festivalId}/staffInvites/${inviteId}`,
  /** Functions only; the festival's admins read (issue 35): its audit trail, one entry per staff write. */
  auditEntries: (festivalId: string) => `festivals/${festivalId}/audit`,
  auditEntry: (festivalId: string, entryId: string) => `festivals/${festivalId}/audit/${entryId}`,
  stages: (festivalId: string) => `festivals/${festivalId}/stages`,
  stage: (festivalId: string, stageId: string) => `festivals/${festivalId}/stages/${stageId}`,
  artists: (festivalId: string) => `festivals/${festivalId}/artists`,
  artist: (festivalId: string, artistId: string) => `festivals/${festivalId}/artists/${artistId}`,
  performances: (festivalId: string) => `festivals/${festivalId}/performances`,
  performance: (festivalId: string, performanceId: string) => `festivals/${festivalId}/performances/${performanceId}`,
  /** A stage running late (issue 36): by the festival's programme staff and admins with the sets it moves; everyone reads. */
  delays: (festivalId: string) => `festivals/${festivalId}/delays`,
  delay: (festivalId: string, delayId: string) => `festivals/${festivalId}/delays/${delayId}`,
  photos: (festivalId: string) => `festivals/${festivalId}/photos`,
  photo: (festivalId: string, photoId: string) => `festivals/${festivalId}/photos/${photoId}`,
  reactions: (festivalId: string, photoId: string) => `festivals/${festivalId}/photos/${photoId}/reactions`,
  reaction: (festivalId: string, photoId: string, uid: string) => `festivals/${festivalId}/photos/${photoId}/reactions/${uid}`,
  announcements: (festivalId: string) => `festivals/${festivalId}/announcements`,
  announcement: (festivalId: string, id: string) => `festivals/${festivalId}/announcements/${id}`,
  reports: (festivalId: string) => `festivals/${festivalId}/reports`,
  report: (festivalId: string, id: string) => `festivals/${festivalId}/reports/${id}`,
  statsCollection: (festivalId: string) => `festivals/${festivalId}/stats`,
  stats: (festivalId: string, name: string) => `festivals/${festivalId}/stats/${name}`,
  /** Functions only; everyone reads: the festival's live figures (per-set favourites, trending). */
  liveSets: (festivalId: string) => `festivals/${festivalId}/live/sets`,
  /** Functions only: sets marked for the next live publication, so their favourites could be acknowledged before it. */
  liveMarks: (festivalId: string) => `festivals/${festivalId}/liveMarks`,
  liveMark: (festivalId: string, markId: string) => `festivals/${festivalId}/liveMarks/${markId}`,
  livePhotoMarks: (festivalId: string) => `festivals/${festivalId}/livePhotoMarks`,
  livePhotoMark: (festivalId: string, markId: string) => `festivals/${festivalId}/livePhotoMarks/${markId}`,
  /** Functions only; everyone reads: which programme bundle is current (its build time), what open apps listen to for programme changes. */
  programmeVersion: (festivalId: string) => `festivals/${festivalId}/live/programme`,
  /** Functions only; everyone reads: reactions per kind of the newest photos. */
  livePhotos: (festivalId: string) => `festivals/${festivalId}/live/photos`,
  /** The site plan with its stages, facilities and routes: staff write, functions add the plan image. */
  venueMap: (festivalId: string) => `festivals/${festivalId}/venue/map`,
  /** The festival's logo or app icon (`brandImageDocSchema`), written by functions from staff's uploads. */
  brandImage: (festivalId: string, image: BrandImage) => `festivals/${festivalId}/brand/${image}`,
  /** Practical information (opening hours, tickets, rules...): staff write, everyone reads. */
  infoPages: (festivalId: string) => `festivals/${festivalId}/info`,
  infoPage: (festivalId: string, pageId: string) => `festivals/${festivalId}/info/${pageId}`,
  /** Functions only; staff read. One entry per reported (or staff-moderated) photo. */
  moderationEntries: (festivalId: string) => `festivals/${festivalId}/moderation`,
  moderationEntry: (festivalId: string, photoId: string) => `festivals/${festivalId}/moderation/${photoId}`,
  /** Staff only (issue 22): whose uploads and reports are suspended in this festival, by whom, why. */
  suspensions: (festivalId: string) => `festivals/${festivalId}/suspensions`,
  suspension: (festivalId: string, uid: string) => `festivals/${festivalId}/suspensions/${uid}`,
  /** Functions only: a festival's automatic hides in one UTC hour (`YYYY-MM-DDTHH`). */
  autoHideWindow: (festivalId: string, hour: string) => `festivals/${festivalId}/autoHides/${hour}`,
  /** Functions only: a reporter's standing as staff decided it. */
  reporterRecord: (uid: string) => `reporterRecords/${uid}`,
  /** The person's preferences (language, reminder lead time): written by them. */
  userPreferences: (uid: string) => `users/${uid}`,
  favorites: (uid: string) => `users/${uid}/favorites`,
  favorite: (uid: string, performanceId: string) => `users/${uid}/favorites/${performanceId}`,
  notices: (uid: string) => `users/${uid}/notices`,
  notice: (uid: string, noticeId: string) => `users/${uid}/notices/${noticeId}`,
  /** The person's report rate limit, written with each report they file. */
  reportLimit: (uid: string) => `users/${uid}/limits/reports`,
  /** The person's favourite and reaction toggle rate limit, written with each toggle. */
  toggleLimit: (uid: string) => `users/${uid}/limits/toggles`,
  /** The browsers that receive this person's push messages (model: deviceSchema). */
  devices: (uid: string) => `users/${uid}/devices`,
  device: (uid: string, deviceId: string) => `users/${uid}/devices/${deviceId}`,
  /** The emulators' push outbox of one device (never written in production). */
  localDeliveries: (uid: string, deviceId: string) => `users/${uid}/devices/${deviceId}/deliveries`,
  /** Functions only: a `createEdition` in progress or done, keyed by the new festival's id (model: editionCopySchema). */
  editionCopy: (festivalId: string) => `editionCopies/${festivalId}`,
  /** Functions only: one per pushed subject and device token, so nothing is pushed twice. */
  pushReceipt: (receiptId: string) => `pushReceipts/${receiptId}`,
} as const;

/**
 * A report's id says whose report on which photo it is, so the rules can refuse a second
 * report of one person on one photo: `{photoId}~{uid}` (photo ids never contain `~`).
 */
export function reportIdFor(photoId: string, reporterUid: string): string {
  return `${photoId}~${reporterUid}`;
}

/**
 * What a report's commit writes into the reporter's rate limit (`lastReportId`): the festival
 * too, `{festivalId}~{photoId}~{uid}`, because a report id alone is the same in every festival
 * that holds the photo id, and one limit move must cover exactly one report.
 */
export function reportLimitKeyFor(festivalId: string, photoId: string, reporterUid: string): string {
  return `${festivalId}~${reportIdFor(photoId, reporterUid)}`;
}

export interface UploadPath {
  uid: string;
  festivalId: string;
  photoId: string;
}

export const storagePaths = {
  /** The original as uploaded: only its owner and functions ever read it. */
  upload: ({ uid, festivalId, photoId }: UploadPath) => `uploads/${uid}/${festivalId}/${photoId}`,
  /**
   * A derived rendition, e.g. `photos/encore-2026/abc/k3x9q2-800.webp`: with the recipe's
   * version (`renditionVersionSchema`) in its name; without one for photos made before it
   * (`photos/encore-2026/abc/800.webp`).
   */
  thumbnail: (festivalId: string, photoId: string, width: number, extension: string, version?: string) =>
    `photos/${festivalId}/${photoId}/${version ? `${version}-` : ''}${width}.${extension}`,
  thumbnailFolder: (festivalId: string, photoId: string) => `photos/${festivalId}/${photoId}/`,
  /** An image staff upload for an artist or the site plan: read by functions only, deleted once derived. */
  mediaUpload: ({ festivalId, subject, uploadId }: MediaUploadPath) => `staff-uploads/${festivalId}/${subjectPath(subject)}/${uploadId}`,
  /** A rendition of it, public: `media/encore-2026/artists/the-nightjars/abc/480.webp`. Never rewritten (a new upload has a new id). */
  mediaRendition: ({ festivalId, subject, uploadId }: MediaUploadPath, width: number, extension: string) =>
    `media/${festivalId}/${subjectPath(subject)}/${uploadId}/${width}.${extension}`,
  /** A festival app icon's PNG: `media/encore-2026/brand/icon/abc/maskable-512.png`. Never rewritten either. */
  appIcon: ({ festivalId, subject, uploadId }: MediaUploadPath, purpose: AppIconPurpose, size: number) =>
    `media/${festivalId}/${subjectPath(subject)}/${uploadId}/${purpose}-${size}.png`,
  mediaFolder: ({ festivalId, subject, uploadId }: MediaUploadPath) => `media/${festivalId}/${subjectPath(subject)}/${uploadId}/`,
} as const;

export interface MediaUploadPath {
  festivalId: string;
  subject: MediaSubject;
  uploadId: string;
}

/**
 * Parses `staff-uploads/{festivalId}/artists/{artistId}/{uploadId}`, `staff-uploads/{festivalId}/venue/map/{uploadId}`
 * or `staff-uploads/{festivalId}/brand/{logo|icon}/{uploadId}`; null otherwise.
 */
export function parseMediaUploadPath(path: string): MediaUploadPath | null {
  const match = /^staff-uploads\/([^/]+)\/(?:artists\/([^/]+)|venue\/map|brand\/(logo|icon))\/([^/]+)$/.exec(path);
  if (!match) return null;
  const brand = match[3] as BrandImage | undefined;
  const subject: MediaSubject =
    match[2] !== undefined ? { kind: 'artist', artistId: match[2] } : brand !== undefined ? { kind: 'brand', image: brand } : { kind: 'site-plan' };
  return { festivalId: match[1]!, subject, uploadId: match[4]! };
}

/** The Firestore document a staff upload belongs to. */
export function subjectDocument(festivalId: string, subject: MediaSubject): string {
  return `${firestorePaths.festival(festivalId)}/${subjectPath(subject)}`;
}

/** Parses `uploads/{uid}/{festivalId}/{photoId}`; null for any other path (derived files included). */
export function parseUploadPath(path: string): UploadPath | null {
  const match = /^uploads\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(path);
  if (!match) return null;
  return { uid: match[1]!, festivalId: match[2]!, photoId: match[3]! };
}
