import {
  firestorePaths,
  festivalStaffSchema,
  helpPaths,
  helpRequestSchema,
  message,
  noticeSchema,
  staffDutySchema,
  storedNoticeText,
  type HelpRequest,
  type Notice,
  type NoticeParams,
} from '@encore/model';
import { helpEventOf, helpNoticeId } from '../domain/help.js';
import { pushKeys } from '../domain/push-receipts.js';
import { parseIfPresent, readsOf, type DocData } from '../platform/docs.js';
import type { Deps } from './deps.js';
import { deliverPush, type Outgoing } from './push-delivery.js';
import { readPreferences, targetsOf } from './push-targets.js';

/** A help push is worth showing for half an hour: later, the console's live list says it better. */
export const HELP_PUSH_TTL_SECONDS = 30 * 60;

type HelpDeps = Pick<Deps, 'docs' | 'push' | 'now' | 'accounts'>;

/**
 * A help request was written (issue 36). A new one is pushed to the devices of the festival's
 * staff who turned on "Push me new requests" (`staffDuty`) and still hold a role there; a step
 * staff took (on the way, resolved) becomes a notice to the requester in the language they
 * asked in, and a push to their devices. At-least-once safe: the notice id is the request's
 * and the step's (an existing notice is left alone, its `readAt` kept) and push receipts send
 * each device each push once, so a redelivered event sends nothing twice.
 */
export async function handleHelpRequestChanged(
  deps: HelpDeps,
  festivalId: string,
  requestId: string,
  beforeData: DocData | undefined,
  afterData: DocData | undefined,
): Promise<{ pushed: number; noticed: number }> {
  const path = helpPaths.helpRequest(festivalId, requestId);
  const before = parseIfPresent(path, beforeData, helpRequestSchema);
  const after = parseIfPresent(path, afterData, helpRequestSchema);
  const event = helpEventOf(before, after);
  if (!event || !after) return { pushed: 0, noticed: 0 };
  if (event.kind === 'created') return { pushed: await pushToStaffOnDuty(deps, festivalId, requestId, after), noticed: 0 };
  return tellRequester(deps, festivalId, requestId, after, event.status);
}

/** Who asked for pushes of new requests and may still read them (a role here, or the project's admin claim). */
async function staffOnDuty(deps: HelpDeps, festivalId: string): Promise<string[]> {
  const duty = await deps.docs.query({ collection: helpPaths.staffDutyList(festivalId), where: [['helpAlerts', '==', true]] }, staffDutySchema);
  const uids = duty.map((found) => found.id);
  const roles = await deps.docs.getAll(readsOf(uids.map((uid) => firestorePaths.festivalStaffMember(festivalId, uid)), festivalStaffSchema));
  const stillStaff = await Promise.all(
    uids.map(async (uid, index) => roles[index] !== undefined || (await deps.accounts.find(uid))?.customClaims.role === 'admin'),
  );
  return uids.filter((_uid, index) => stillStaff[index]);
}

async function pushToStaffOnDuty(deps: HelpDeps, festivalId: string, requestId: string, request: HelpRequest): Promise<number> {
  const staff = await staffOnDuty(deps, festivalId);
  if (staff.length === 0) return 0;
  const targets = await targetsOf(deps.docs, staff, festivalId, await readPreferences(deps.docs, staff));
  const outgoing: Outgoing[] = targets.map((target) => ({
    key: pushKeys.helpRequest(festivalId, requestId),
    target,
    payload: {
      kind: 'help',
      title: message('pushHelpTitle', target.locale, { kind: request.kind }),
      body: message('pushHelpBody', target.locale, { note: request.note }),
      link: '/staff/help',
      tag: `help-${requestId}`,
    },
    ttlSeconds: HELP_PUSH_TTL_SECONDS,
    // Someone may need first aid: the push service should wake the phone.
    urgent: true,
  }));
  return (await deliverPush(deps, outgoing)).sent;
}

async function tellRequester(deps: HelpDeps, festivalId: string, requestId: string, request: HelpRequest, status: 'on-the-way' | 'resolved') {
  const noticeId = helpNoticeId(requestId, status);
  const params: NoticeParams = { helpStatus: status };
  // The language they asked in: a person in need reads the answer in the words they used.
  const text = storedNoticeText({ kind: 'help', params }, request.locale);
  const noticePath = firestorePaths.notice(request.uid, noticeId);
  const noticed = await deps.docs.transaction(async (tx) => {
    if (await tx.get(noticePath, noticeSchema)) return 0;
    const notice: Notice = { kind: 'help', festivalId, text, params, createdAt: deps.now(), readAt: null };
    tx.set(noticePath, notice);
    return 1;
  });
  const targets = await targetsOf(deps.docs, [request.uid], festivalId, new Map());
  const report = await deliverPush(
    deps,
    targets.map((target) => ({
      key: pushKeys.notice(request.uid, noticeId),
      target,
      payload: {
        kind: 'help',
        title: storedNoticeText({ kind: 'help', params }, request.locale),
        body: '',
        link: '/help',
        tag: `help-${requestId}`,
      },
      ttlSeconds: HELP_PUSH_TTL_SECONDS,
      urgent: status === 'on-the-way',
    })),
  );
  return { pushed: report.sent, noticed };
}
