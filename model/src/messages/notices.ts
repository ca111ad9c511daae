import type { Locale, Notice, NoticeParams } from '../schemas/user.js';
import { message } from './catalog.js';

/**
 * A notice's text in one language, from its kind and parameters; null when the notice lacks
 * the parameters its kind needs (written before notices carried them), so the caller falls
 * back to the stored `text`.
 */
export function noticeText(notice: Pick<Notice, 'kind'> & { params?: NoticeParams | undefined }, locale: Locale): string | null {
  const params = notice.params;
  if (!params) return null;
  switch (notice.kind) {
    case 'moved':
      return params.artist && params.stage && params.startsAt && params.timeZone
        ? message('noticeMoved', locale, { artist: params.artist, stage: params.stage, startsAt: params.startsAt, timeZone: params.timeZone })
        : null;
    case 'cancelled':
      return params.artist ? message('noticeCancelled', locale, { artist: params.artist }) : null;
    case 'delayed':
    case 'delay-undone': {
      const { stage, minutes, artist, startsAt, previousStartsAt, timeZone } = params;
      return stage && minutes && artist && startsAt && previousStartsAt && timeZone
        ? message(notice.kind === 'delayed' ? 'noticeDelayed' : 'noticeDelayUndone', locale, { stage, minutes, artist, startsAt, previousStartsAt, timeZone })
        : null;
    }
    case 'photo-ready':
      return message('noticePhotoReady', locale, {});
    case 'photo-rejected':
      return message('noticePhotoRejected', locale, { reason: params.rejection ? message('rejection', locale, params.rejection) : params.reason });
    case 'announcement':
      return params.title ? message('noticeAnnouncement', locale, { title: params.title }) : null;
    case 'meetup':
      // No place: a point of the plan its member left unnamed.
      return params.group && params.startsAt && params.timeZone
        ? message('noticeMeetup', locale, { group: params.group, place: params.place, at: params.startsAt, timeZone: params.timeZone })
        : null;
    case 'help':
      return params.helpStatus ? message('noticeHelp', locale, { status: params.helpStatus }) : null;
  }
}

/**
 * The `text` stored beside the parameters: rendered in the recipient's language. (Within the
 * parameters' limits every text fits the schema's 500 characters: 120 for an artist, 80 for
 * a stage, 400 for a reason, plus the sentence around them.)
 */
export function storedNoticeText(notice: Pick<Notice, 'kind'> & { params: NoticeParams }, locale: Locale): string {
  const text = noticeText(notice, locale);
  if (text === null) throw new Error(`A "${notice.kind}" notice needs more parameters than ${Object.keys(notice.params).join(', ') || 'none'}`);
  return text;
}
