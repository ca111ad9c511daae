import {
  artistSchema,
  favoriteSchema,
  festivalSchema,
  firestorePaths,
  isArchived,
  message,
  performanceSchema,
  stageSchema,
  type Festival,
  type Performance,
  type PushPayload,
} from '@encore/model';
import { pushKeys } from '../domain/push-receipts.js';
import { dueFans, dueLeads, festivalIsOn, isRemindable, minutesUntil, reminderHorizon } from '../domain/reminders.js';
import type { FoundDoc } from '../platform/docs.js';
import { logs } from '../logs.js';
import type { Deps } from './deps.js';
import { deliverPush, PushRetryError, type Outgoing } from './push-delivery.js';
import { readPreferences, targetsOf } from './push-targets.js';

/** Fans are read in pages of this many (with their preferences, one getAll per page). */
const FAN_PAGE = 300;

export interface ReminderRun {
  /** Sets with a lead time due in this run. */
  sets: number;
  /** People whose lead time was due (whatever their devices). */
  due: number;
  sent: number;
  duplicates: number;
}

/**
 * The scheduled reminder run: for every festival on now, every set that has not begun and
 * has a lead time due (domain/reminders.ts), every fan who chose that lead time gets a push
 * on each of their devices: "Nina starts in 15 minutes", "On Main Stage at 21:30." in their
 * language. Once per person per set, whatever happens: the receipt key is the set and the
 * person, not the run or the set's time, so an overlapping run, the window's second run, a
 * retry, or a set moved after its reminder went out sends nothing again (the move itself
 * is pushed by the programme-change fan-out).
 */
export async function handleReminders(deps: Pick<Deps, 'docs' | 'push' | 'now'>): Promise<ReminderRun> {
  const now = deps.now();
  const run: ReminderRun = { sets: 0, due: 0, sent: 0, duplicates: 0 };
  let retry: PushRetryError | null = null;
  const festivals = await deps.docs.query({ collection: 'festivals' }, festivalSchema);
  for (const { id: festivalId, data: festival } of festivals.filter((candidate) => !isArchived(candidate.data) && festivalIsOn(candidate.data, now))) {
    const upcoming = await deps.docs.query(
      { collection: firestorePaths.performances(festivalId), where: [['startsAt', '>', now], ['startsAt', '<=', reminderHorizon(now)]] },
      performanceSchema,
    );
    for (const set of upcoming) {
      if (!isRemindable(set.data, now)) continue;
      const leads = dueLeads(set.data.startsAt, now);
      if (leads.length === 0) continue;
      run.sets++;
      try {
        const result = await remindFans(deps, festivalId, festival, set, leads, now);
        run.due += result.due;
        run.sent += result.sent;
        run.duplicates += result.duplicates;
      } catch (error) {
        // One set's transient push failure must not hold back the others' reminders.
        if (!(error instanceof PushRetryError)) throw error;
        retry ??= error;
      }
    }
  }
  logs.remindersRun({ ...run, at: now.toISOString() });
  if (retry) throw retry;
  return run;
}

async function remindFans(
  deps: Pick<Deps, 'docs' | 'push' | 'now'>,
  festivalId: string,
  festival: Festival,
  set: FoundDoc<Performance>,
  leads: ReturnType<typeof dueLeads>,
  now: Date,
): Promise<{ due: number; sent: number; duplicates: number }> {
  const [artist, stage] = await deps.docs.getAll([
    [firestorePaths.artist(festivalId, set.data.artistId), artistSchema],
    [firestorePaths.stage(festivalId, set.data.stageId), stageSchema],
  ]);
  const artistName = artist?.name ?? set.data.artistId;
  const stageName = stage?.name ?? set.data.stageId;
  const minutes = minutesUntil(set.data.startsAt, now);
  const totals = { due: 0, sent: 0, duplicates: 0 };
  let startAfterId: string | undefined;
  for (;;) {
    const fans = await deps.docs.query(
      {
        collection: 'favorites',
        group: true,
        where: [['festivalId', '==', festivalId], ['performanceId', '==', set.id]],
        limit: FAN_PAGE,
        ...(startAfterId === undefined ? {} : { startAfterId }),
      },
      favoriteSchema,
    );
    if (fans.length === 0) break;
    const uids = fans.map((fan) => fan.path.split('/')[1]!);
    const preferences = await readPreferences(deps.docs, uids);
    const due = dueFans(uids.map((uid) => ({ uid, reminderMinutes: preferences.get(uid)?.reminderMinutes })), leads).map((fan) => fan.uid);
    totals.due += due.length;
    const targets = await targetsOf(deps.docs, due, festivalId, preferences);
    const outgoing: Outgoing[] = targets.map((target) => {
      const payload: PushPayload = {
        kind: 'reminder',
        title: message('pushReminderTitle', target.locale, { artist: artistName, minutes }),
        body: message('pushReminderBody', target.locale, { stage: stageName, startsAt: set.data.startsAt, timeZone: festival.timeZone }),
        link: `/performances/${set.id}`,
        tag: `set-${set.id}`.slice(0, 200),
      };
      // Useless once the set has begun: the push service may drop it after that.
      const ttlSeconds = Math.max(60, Math.floor((set.data.startsAt.getTime() - now.getTime()) / 1000));
      return { key: pushKeys.reminder(festivalId, set.id, target.uid), target, payload, ttlSeconds, urgent: false };
    });
    const report = await deliverPush(deps, outgoing);
    totals.sent += report.sent;
    totals.duplicates += report.duplicates;
    startAfterId = fans.at(-1)!.path;
    if (fans.length < FAN_PAGE) break;
  }
  return totals;
}
