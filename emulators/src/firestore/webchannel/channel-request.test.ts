import { describe, expect, it } from 'vitest';
import { classifyChannelRequest } from './channel-request.js';

const LISTEN = '/google.firestore.v1.Firestore/Listen/channel';
const DATABASE = 'database=projects%2Fp%2Fdatabases%2F(default)';

describe('classifyChannelRequest', () => {
  it('tells the handshake, forward POST, back channel and terminate apart', () => {
    expect(classifyChannelRequest('POST', `${LISTEN}?VER=8&${DATABASE}&RID=1&CVER=22&zx=a&t=1`)).toEqual({
      op: 'handshake',
      kind: 'Listen',
      database: 'projects/p/databases/(default)',
    });
    expect(classifyChannelRequest('POST', `/google.firestore.v1.Firestore/Write/channel?${DATABASE}&SID=s&RID=2&AID=3`)).toEqual({
      op: 'forward',
      kind: 'Write',
      sid: 's',
      aid: 3,
    });
    expect(classifyChannelRequest('GET', `${LISTEN}?${DATABASE}&RID=rpc&SID=s&AID=0&CI=1&TO=5000&TYPE=xmlhttp`)).toEqual({
      op: 'backChannel',
      kind: 'Listen',
      sid: 's',
      aid: 0,
      longPoll: true,
      timeoutMs: 5000,
    });
    expect(classifyChannelRequest('POST', `${LISTEN}?${DATABASE}&SID=s&RID=4&TYPE=terminate`)).toEqual({
      op: 'terminate',
      kind: 'Listen',
      sid: 's',
    });
    expect(classifyChannelRequest('OPTIONS', LISTEN)).toEqual({ op: 'preflight' });
  });

  it.each([
    ['an unknown stream', 'POST', '/google.firestore.v1.Firestore/Commit/channel', 404],
    ['an unsupported method', 'PUT', LISTEN, 405],
    ['a handshake without database', 'POST', `${LISTEN}?VER=8&RID=1`, 400],
    ['a back channel without SID', 'GET', `${LISTEN}?RID=rpc&AID=0`, 400],
    ['a GET that is not a back channel', 'GET', `${LISTEN}?SID=s&RID=5`, 400],
    ['a non-numeric AID', 'POST', `${LISTEN}?SID=s&RID=5&AID=x`, 400],
  ])('refuses %s', (_label, method, url, status) => {
    expect(() => classifyChannelRequest(method, url)).toThrow(expect.objectContaining({ status }) as Error);
  });
});
