import { z } from 'zod';
import { documentIdSchema, slugIdSchema, textSchema, timestampSchema } from './common.js';
import { friendDisplayNameSchema } from './friends.js';

/**
 * Friend groups, meet-up points and live locations (issue 25, part B). A group is a few of
 * one's friends; its members know each other by the names they chose and by a per-group
 * member id (128 random bits): never a uid, a friendship id or anyone's other friends. Who
 * belongs is kept in documents no client reads (`friendGroups/{g}/members/{uid}`); the rules
 * `exists()` them.
 */

/** At most this many groups a person belongs to (made or joined). */
export const MAX_GROUPS = 5;
/** At most this many members a group. */
export const MAX_GROUP_MEMBERS = 12;
/** How long one may share one's position with a group, in minutes (the app offers these; the rules accept no other). */
export const LOCATION_SHARE_MINUTES = [15, 30, 60] as const;
export type LocationShareMinutes = (typeof LOCATION_SHARE_MINUTES)[number];
/** The longest share: no share started longer ago than this is still running. */
export const MAX_LOCATION_SHARE_MINUTES = Math.max(...LOCATION_SHARE_MINUTES);

/**
 * When a share ends: `minutes` after the server saw it start (`startedAt` is the server's
 * time of the first write), whatever the sharing phone's clock says (issue 37).
 */
export function locationShareEnd(share: { startedAt: Date; minutes: number }): Date {
  return new Date(share.startedAt.getTime() + share.minutes * 60_000);
}

/** Ids Encore makes at random (groups, member ids, requests): 16 to 64 base64url characters. */
export const opaqueIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'an id is 16 to 64 base64url characters');
export const groupNameSchema = textSchema(40);

const fraction = z.number().min(0).max(1);

/** A stage's or facility's name, as a meet-up place's label: as long as those names may be. */
export const MEETUP_PLACE_LABEL_MAX = 80;
/** What a member may call a free point of the plan ("by the big tree"): short, to read at a glance. */
export const MEETUP_POINT_LABEL_MAX = 40;

/**
 * Where to meet: a point of the venue plan (fractions, as the map's markers: 0 to 1 is the
 * plan's whole width or height). A stage or facility names its marker and is labelled with its
 * name; a free point the member picked on the plan has no marker and an optional short label
 * (without one, readers see "a point on the map" in their own language).
 */
export const meetupPlaceSchema = z
  .object({
    x: fraction,
    y: fraction,
    /** What the group sees: the stage's or facility's name, or what the member called the point. */
    label: textSchema(MEETUP_PLACE_LABEL_MAX).optional(),
    /** The map marker (a stage or a facility) when the place is one. */
    markerId: slugIdSchema.optional(),
  })
  .strict()
  .superRefine((place, context) => {
    if (place.markerId !== undefined && place.label === undefined) {
      context.addIssue({ code: 'custom', path: ['label'], message: "a stage or facility is named by its label" });
    }
    if (place.markerId === undefined && place.label !== undefined && place.label.length > MEETUP_POINT_LABEL_MAX) {
      context.addIssue({ code: 'custom', path: ['label'], message: `a point's label is at most ${MEETUP_POINT_LABEL_MAX} characters` });
    }
  });
export type MeetupPlace = z.infer<typeof meetupPlaceSchema>;

/** A group's meet-up point: written by any member (the rules check `setBy` is theirs and `setAt` the server's time). */
export const meetupSchema = z
  .object({
    place: meetupPlaceSchema,
    /** When to meet. */
    at: timestampSchema,
    /** The member id of whoever set it. */
    setBy: opaqueIdSchema,
    setAt: timestampSchema,
  })
  .strict();
export type Meetup = z.infer<typeof meetupSchema>;

/** One member as the group sees them. */
export const groupMemberSchema = z.object({ memberId: opaqueIdSchema, displayName: friendDisplayNameSchema }).strict();
export type GroupMember = z.infer<typeof groupMemberSchema>;

/** `friendGroups/{groupId}`: members read it; functions write all but `meetup`, which any member sets. */
export const friendGroupSchema = z
  .object({
    name: groupNameSchema,
    /** The festival whose map the meet-up point is on (and whose clock its time is shown in). */
    festivalId: slugIdSchema,
    members: z.array(groupMemberSchema).min(1).max(MAX_GROUP_MEMBERS),
    createdAt: timestampSchema,
    meetup: meetupSchema.optional(),
  })
  .strict();
export type FriendGroup = z.infer<typeof friendGroupSchema>;

/**
 * Member ids of the group that this member and they no longer see each other's live position:
 * one of the two removed the other as a friend (`friendPartings`). Written by functions on both
 * sides; the rules refuse a position shared with one of them.
 */
export const hiddenFromSchema = z.array(opaqueIdSchema).max(MAX_GROUP_MEMBERS);

/** `friendGroups/{groupId}/members/{uid}`: functions only; the rules' proof of membership, and the member's id. */
export const groupMembershipSchema = z.object({ memberId: opaqueIdSchema, joinedAt: timestampSchema, hiddenFrom: hiddenFromSchema.optional() }).strict();
export type GroupMembership = z.infer<typeof groupMembershipSchema>;

/** `users/{uid}/groups/{groupId}`: functions only; the groups a person belongs to, so the app can list them. */
export const userGroupSchema = z
  .object({
    name: groupNameSchema,
    memberId: opaqueIdSchema,
    joinedAt: timestampSchema,
    /** As the membership's `hiddenFrom`, so the app leaves them out of `visibleTo`. */
    hiddenFrom: hiddenFromSchema.optional(),
  })
  .strict();
export type UserGroup = z.infer<typeof userGroupSchema>;

/**
 * `friendGroups/{groupId}/locations/{memberId}`: one member's live position, written by that
 * member only, readable by the group's members until `expiresAt`; then deleted (the TTL policy
 * in production, the nightly job and the sweep everywhere). Never copied, never kept.
 *
 * A share's length is the server's (issue 37): its first write carries `startedAt` = the
 * server's time and the chosen `minutes`, and no `expiresAt`; once the server has answered,
 * the sharer's next write adds `expiresAt` = `startedAt` + `minutes` (the rules check it to
 * the millisecond, and that both stay as they are for the rest of the share). Until then only
 * the sharer reads it; a phone's wrong clock changes nothing.
 */
export const memberLocationSchema = z
  .object({
    lat: z.number().min(-90).max(90),
    lng: z.number().min(-180).max(180),
    /** Metres, as the Geolocation API says. */
    accuracy: z.number().min(0).max(100_000),
    /** Server time of the last update. */
    sharedAt: timestampSchema,
    /** Server time of the share's first write. Absent only on shares made before issue 37 (they end within the hour). */
    startedAt: timestampSchema.optional(),
    /** The share's length as chosen: one of `LOCATION_SHARE_MINUTES`. Absent as `startedAt`. */
    minutes: z
      .number()
      .refine((value): value is LocationShareMinutes => (LOCATION_SHARE_MINUTES as readonly number[]).includes(value), 'a share lasts 15, 30 or 60 minutes')
      .optional(),
    /** `startedAt` + `minutes` (`locationShareEnd`). Absent between a share's first write and the sharer's next. */
    expiresAt: timestampSchema.optional(),
    /**
     * The member ids who may read it: the members (the writer too, who reads their own back),
     * less the writer's `hiddenFrom` (the rules refuse any of those, and every write without it). Readers query `visibleTo
     * array-contains <their member id>`. Absent only on positions shared before it existed
     * (issue 39): nobody can read those, and they expire within the hour.
     */
    visibleTo: z.array(opaqueIdSchema).max(MAX_GROUP_MEMBERS).optional(),
  })
  .strict();
export type MemberLocation = z.infer<typeof memberLocationSchema>;

export const createFriendGroupRequestSchema = z
  .object({
    /** Made by the app once per group it creates: a retry with the same id answers the same group. */
    requestId: opaqueIdSchema,
    name: groupNameSchema,
    festivalId: slugIdSchema,
    /** The name the other members will see for the creator. */
    displayName: friendDisplayNameSchema,
    /** The creator's friends to put in, by friendship id. */
    friendshipIds: z.array(documentIdSchema).min(1, 'pick at least one friend').max(MAX_GROUP_MEMBERS - 1, `a group has at most ${MAX_GROUP_MEMBERS} members`),
  })
  .strict();
export type CreateFriendGroupRequest = z.infer<typeof createFriendGroupRequestSchema>;
export interface CreateFriendGroupAnswer {
  groupId: string;
}

export const addGroupMemberRequestSchema = z.object({ groupId: opaqueIdSchema, friendshipId: documentIdSchema }).strict();
export interface AddGroupMemberAnswer {
  /** False when the friend was a member already (a retry, or someone else added them), or was invited instead. */
  added: boolean;
  /** True when the friend had left this group: they come back only by accepting the invitation sent to them. */
  invited?: boolean;
}

/** `friendGroups/{groupId}/leavers/{uid}`: functions only; this person left the group, and may only come back by accepting an invitation. */
export const groupLeaverSchema = z.object({ leftAt: timestampSchema }).strict();

/**
 * `users/{uid}/groupInvites/{groupId}`: functions only (the person reads it): an invitation back
 * into a group this person left; `answerGroupInvite` accepts or declines it.
 */
export const groupInviteSchema = z
  .object({
    groupName: groupNameSchema,
    festivalId: slugIdSchema,
    /** The name the inviting member goes by in the group. */
    invitedBy: friendDisplayNameSchema,
    /** The name the group will see for this person (as the inviting member knows them). */
    displayName: friendDisplayNameSchema,
    createdAt: timestampSchema,
  })
  .strict();
export type GroupInvite = z.infer<typeof groupInviteSchema>;

export const answerGroupInviteRequestSchema = z.object({ groupId: opaqueIdSchema, accept: z.boolean() }).strict();
export type AnswerGroupInviteRequest = z.infer<typeof answerGroupInviteRequestSchema>;
export interface AnswerGroupInviteAnswer {
  /** True when the caller is (now) a member; false after declining, or with no invitation. */
  joined: boolean;
}

export const leaveFriendGroupRequestSchema = z.object({ groupId: opaqueIdSchema }).strict();
export interface LeaveFriendGroupAnswer {
  left: boolean;
}

export const groupPaths = {
  group: (groupId: string) => `friendGroups/${groupId}`,
  members: (groupId: string) => `friendGroups/${groupId}/members`,
  membership: (groupId: string, uid: string) => `friendGroups/${groupId}/members/${uid}`,
  userGroups: (uid: string) => `users/${uid}/groups`,
  userGroup: (uid: string, groupId: string) => `users/${uid}/groups/${groupId}`,
  leaver: (groupId: string, uid: string) => `friendGroups/${groupId}/leavers/${uid}`,
  invites: (uid: string) => `users/${uid}/groupInvites`,
  invite: (uid: string, groupId: string) => `users/${uid}/groupInvites/${groupId}`,
  locations: (groupId: string) => `friendGroups/${groupId}/locations`,
  location: (groupId: string, memberId: string) => `friendGroups/${groupId}/locations/${memberId}`,
} as const;

/** The collection id of live locations, for the sweep's collection-group query and the TTL policy. */
export const LOCATIONS_COLLECTION = 'locations';
