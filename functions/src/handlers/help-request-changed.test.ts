import { describe, expect, it } from 'vitest';
import { firestorePaths, helpPaths, type Device, type HelpRequest } from '@encore/model';
import { NOW, testDeps } from '../testing/deps.js';
import { handleDropOldHelpPositions } from './help-positions.js';
import { handleHelpRequestChanged } from './help-request-changed.js';

const F = 'encore-2026';
const ID = 'req-0123456789abcdef';
const device = (token: string, locale: 'en' | 'nl' = 'en'): Device => ({ token, festivalId: F, locale, userAgent: 'Chrome on Android', createdAt: NOW, updatedAt: NOW });
const request: HelpRequest = { uid: 'anna', kind: 'first-aid', note: 'My friend fainted', position: { x: 0.4, y: 0.6, accuracy: 12 }, locale: 'nl', status: 'new', createdAt: NOW, updatedAt: NOW };

function arrange() {
  const deps = testDeps();
  const staff = (uid: string, role: 'admin' | 'programme' | 'moderator') =>
    deps.docs.seed(firestorePaths.festivalStaffMember(F, uid), { role, email: `${uid}@example.com`, addedAt: NOW, addedBy: null });
  staff('pia', 'programme');
  staff('moe', 'moderator');
  deps.docs.seed(helpPaths.staffDuty(F, 'pia'), { helpAlerts: true, updatedAt: NOW });
  deps.docs.seed(helpPaths.staffDuty(F, 'moe'), { helpAlerts: false, updatedAt: NOW });
  // Turned pushes on, then lost their role: a visitor's note is no longer theirs to read.
  deps.docs.seed(helpPaths.staffDuty(F, 'rex'), { helpAlerts: true, updatedAt: NOW });
  deps.docs.seed(firestorePaths.device('pia', 'phone'), device('tok-pia', 'nl'));
  deps.docs.seed(firestorePaths.device('moe', 'phone'), device('tok-moe'));
  deps.docs.seed(firestorePaths.device('rex', 'phone'), device('tok-rex'));
  deps.docs.seed(firestorePaths.device('anna', 'phone'), device('tok-anna'));
  return deps;
}

describe('a new help request', () => {
  it('is pushed once to the devices of staff who turned pushes on and still hold a role, in their language, however often the event comes', async () => {
    const deps = arrange();
    expect(await handleHelpRequestChanged(deps, F, ID, undefined, request)).toEqual({ pushed: 1, noticed: 0 });
    expect(await handleHelpRequestChanged(deps, F, ID, undefined, request)).toEqual({ pushed: 0, noticed: 0 });
    expect(deps.push.sent.map((sent) => [sent.token, sent.payload.title, sent.payload.body, sent.payload.link])).toEqual([
      ['tok-pia', 'Hulpvraag: EHBO', 'My friend fainted', '/staff/help'],
    ]);
  });
});

describe('a step staff take', () => {
  const onTheWay: HelpRequest = { ...request, status: 'on-the-way', onTheWayAt: NOW, handledBy: { uid: 'pia', name: 'Pia' } };

  it('becomes one notice and one push to the requester, in the language they asked in, under redelivery', async () => {
    const deps = arrange();
    expect(await handleHelpRequestChanged(deps, F, ID, request, onTheWay)).toEqual({ pushed: 1, noticed: 1 });
    expect(await handleHelpRequestChanged(deps, F, ID, request, onTheWay)).toEqual({ pushed: 0, noticed: 0 });
    const notice = deps.docs.data(firestorePaths.notice('anna', `help-${ID}-on-the-way`));
    expect(notice).toMatchObject({ kind: 'help', festivalId: F, text: 'Er komt hulp aan: blijf als het kan waar je bent.', params: { helpStatus: 'on-the-way' }, readAt: null });
    expect(deps.push.sent.map((sent) => sent.token)).toEqual(['tok-anna']);
  });

  it('resolved is a notice of its own; a requester’s cancel tells nobody', async () => {
    const deps = arrange();
    const { position: _gone, ...resolved } = { ...onTheWay, status: 'resolved' as const, resolvedAt: NOW };
    expect(await handleHelpRequestChanged(deps, F, ID, onTheWay, resolved)).toEqual({ pushed: 1, noticed: 1 });
    const { position: _too, ...cancelled } = { ...request, status: 'resolved' as const, resolvedAt: NOW, cancelled: true as const };
    expect(await handleHelpRequestChanged(deps, F, 'req-other-0123456789', request, cancelled)).toEqual({ pushed: 0, noticed: 0 });
  });
});

describe('the nightly drop of old help positions', () => {
  it('drops positions a day old, whatever the status, and keeps newer ones and everything else', async () => {
    const deps = arrange();
    const dayAgo = new Date(NOW.getTime() - 24 * 3_600_000);
    deps.docs.seed(helpPaths.helpRequest(F, 'req-old-open-0123456789'), { ...request, createdAt: dayAgo, updatedAt: dayAgo });
    deps.docs.seed(helpPaths.helpRequest(F, 'req-old-going-0123456789'), { ...request, status: 'on-the-way', createdAt: dayAgo, updatedAt: NOW, onTheWayAt: NOW, handledBy: { uid: 'pia', name: 'Pia' } });
    deps.docs.seed(helpPaths.helpRequest(F, 'req-fresh-0123456789ab'), { ...request, createdAt: new Date(NOW.getTime() - 60_000) });
    expect(await handleDropOldHelpPositions(deps)).toBe(2);
    expect(await handleDropOldHelpPositions(deps)).toBe(0);
    expect(deps.docs.data(helpPaths.helpRequest(F, 'req-old-open-0123456789'))).toEqual({ ...request, position: undefined, createdAt: dayAgo, updatedAt: dayAgo });
    expect(deps.docs.data(helpPaths.helpRequest(F, 'req-old-going-0123456789'))).toMatchObject({ status: 'on-the-way', handledBy: { uid: 'pia', name: 'Pia' } });
    expect(deps.docs.data(helpPaths.helpRequest(F, 'req-fresh-0123456789ab'))?.position).toEqual(request.position);
  });
});
