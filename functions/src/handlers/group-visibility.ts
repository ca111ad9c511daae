import { friendPartingSchema, friendPaths, groupMembershipSchema, groupPaths, memberLocationSchema, userGroupSchema } from '@encore/model';
import { pairKeyOf } from '../domain/friends.js';
import { withMemberId, withoutMemberId } from '../domain/groups.js';
import { readsOf, type DocTransaction } from '../platform/docs.js';

/**
 * Who sees whose live position in friends' groups (issue 39): two people of whom one removed
 * the other as a friend stop seeing each other's position in every group they share, now and in
 * groups they come to share later (`friendPartings/{pairKey}` remembers it), until they become
 * friends again. Each function reads first and answers the writes to make, so the callers keep
 * Firestore's reads-before-writes order inside their own transactions.
 */

export interface GroupPerson {
  uid: string;
  memberId: string;
}

type Writes = () => void;

/** Both sides' membership and list entry, and each one's live position, with the other hidden (or shown again). */
async function pairInGroup(tx: DocTransaction, groupId: string, a: string, b: string, hidden: boolean): Promise<Writes | undefined> {
  const [membershipA, membershipB, entryA, entryB] = await tx.getAll([
    [groupPaths.membership(groupId, a), groupMembershipSchema],
    [groupPaths.membership(groupId, b), groupMembershipSchema],
    [groupPaths.userGroup(a, groupId), userGroupSchema],
    [groupPaths.userGroup(b, groupId), userGroupSchema],
  ] as const);
  if (!membershipA || !membershipB) return undefined;
  const [locationA, locationB] = await tx.getAll(readsOf([groupPaths.location(groupId, membershipA.memberId), groupPaths.location(groupId, membershipB.memberId)], memberLocationSchema));
  const change = hidden ? withMemberId : withoutMemberId;
  const sides = [
    { uid: a, membership: membershipA, entry: entryA, location: locationA, other: membershipB.memberId },
    { uid: b, membership: membershipB, entry: entryB, location: locationB, other: membershipA.memberId },
  ];
  return () => {
    for (const side of sides) {
      const hiddenFrom = change(side.membership.hiddenFrom, side.other);
      tx.set(groupPaths.membership(groupId, side.uid), { ...side.membership, hiddenFrom });
      if (side.entry) tx.set(groupPaths.userGroup(side.uid, groupId), { ...side.entry, hiddenFrom });
      if (side.location) {
        // The position shared now: hiding takes the other out at once; showing again lets them back in.
        const visibleTo = hidden ? withoutMemberId(side.location.visibleTo, side.other) : withMemberId(side.location.visibleTo, side.other);
        tx.set(groupPaths.location(groupId, side.membership.memberId), { ...side.location, visibleTo });
      }
    }
  };
}

/**
 * For `removeFriend` (hidden) and a new friendship of a pair that had parted (shown): every
 * group `a` and `b` share. Reads only; call the answer after the caller's own reads.
 */
export async function pairVisibility(tx: DocTransaction, a: string, b: string, hidden: boolean): Promise<Writes> {
  const [groupsA, groupsB] = [await tx.query({ collection: groupPaths.userGroups(a) }, userGroupSchema), await tx.query({ collection: groupPaths.userGroups(b) }, userGroupSchema)];
  const ofB = new Set(groupsB.map((entry) => entry.id));
  const writes: Writes[] = [];
  for (const { id } of groupsA.filter((entry) => ofB.has(entry.id))) {
    const write = await pairInGroup(tx, id, a, b, hidden);
    if (write) writes.push(write);
  }
  return () => writes.forEach((write) => write());
}

/** Which of these pairs have parted: per uid, the member ids of the others they parted from. */
export async function partedPairs(tx: DocTransaction, pairs: ReadonlyArray<readonly [GroupPerson, GroupPerson]>): Promise<Map<string, string[]>> {
  const partings = await tx.getAll(readsOf(pairs.map(([x, y]) => friendPaths.parting(pairKeyOf(x.uid, y.uid))), friendPartingSchema));
  const hidden = new Map<string, string[]>();
  pairs.forEach(([x, y], index) => {
    if (!partings[index]) return;
    hidden.set(x.uid, withMemberId(hidden.get(x.uid), y.memberId));
    hidden.set(y.uid, withMemberId(hidden.get(y.uid), x.memberId));
  });
  return hidden;
}

/** Every pair of these people once. */
export function pairsAmong(people: readonly GroupPerson[]): Array<readonly [GroupPerson, GroupPerson]> {
  return people.flatMap((x, index) => people.slice(index + 1).map((y) => [x, y] as const));
}

/**
 * For someone joining a group that has members: the member ids hidden from them (partings with
 * members), and the writes that hide them on the members' side too and let them read the
 * positions shared now by the members not hidden from them.
 */
export async function joinVisibility(tx: DocTransaction, groupId: string, newcomer: GroupPerson): Promise<{ hiddenFrom: string[]; write: Writes }> {
  const members = await tx.query({ collection: groupPaths.members(groupId) }, groupMembershipSchema);
  const others = members.filter((member) => member.id !== newcomer.uid);
  const hidden = await partedPairs(
    tx,
    others.map((member) => [newcomer, { uid: member.id, memberId: member.data.memberId }] as const),
  );
  const partedMembers = others.filter((member) => hidden.has(member.id));
  const entries = await tx.getAll(readsOf(partedMembers.map((member) => groupPaths.userGroup(member.id, groupId)), userGroupSchema));
  const locations = await tx.query({ collection: groupPaths.locations(groupId) }, memberLocationSchema);
  const hiddenFrom = hidden.get(newcomer.uid) ?? [];
  return {
    hiddenFrom,
    write: () => {
      partedMembers.forEach((member, index) => {
        const memberHidden = withMemberId(member.data.hiddenFrom, newcomer.memberId);
        tx.set(groupPaths.membership(groupId, member.id), { ...member.data, hiddenFrom: memberHidden });
        const entry = entries[index];
        if (entry) tx.set(groupPaths.userGroup(member.id, groupId), { ...entry, hiddenFrom: memberHidden });
      });
      for (const location of locations) {
        if (hiddenFrom.includes(location.id)) continue;
        tx.set(location.path, { ...location.data, visibleTo: withMemberId(location.data.visibleTo, newcomer.memberId) });
      }
    },
  };
}

/** For someone leaving: their member id leaves the other members' `hiddenFrom` (it is never used again). */
export async function leaveVisibility(tx: DocTransaction, groupId: string, leaver: GroupPerson): Promise<Writes> {
  const members = await tx.query({ collection: groupPaths.members(groupId) }, groupMembershipSchema);
  const hiding = members.filter((member) => member.id !== leaver.uid && member.data.hiddenFrom?.includes(leaver.memberId));
  const entries = await tx.getAll(readsOf(hiding.map((member) => groupPaths.userGroup(member.id, groupId)), userGroupSchema));
  return () =>
    hiding.forEach((member, index) => {
      const hiddenFrom = withoutMemberId(member.data.hiddenFrom, leaver.memberId);
      tx.set(groupPaths.membership(groupId, member.id), { ...member.data, hiddenFrom });
      const entry = entries[index];
      if (entry) tx.set(groupPaths.userGroup(member.id, groupId), { ...entry, hiddenFrom });
    });
}
