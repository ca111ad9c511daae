import { describe, expect, it } from 'vitest';
import { firestorePaths, liveSetsSchema } from '@encore/model';
import { FESTIVAL_ID, NOW, event, seedFestival, testDeps, type TestDeps } from '../testing/deps.js';
import { handleFavoriteChanged as acknowledgeFavorite } from './favorite-changed.js';
import { judgeFavorite } from './favorite-verdict.js';
import { runPublicationTasks } from '../testing/publications.js';

/** The message handled (acknowledged once its mark is stored), then the publications it asked for, at their time. */
async function handleFavoriteChanged(deps: TestDeps, e: Parameters<typeof acknowledgeFavorite>[1]): Promise<Awaited<ReturnType<typeof acknowledgeFavorite>>> {
  const result = await acknowledgeFavorite(deps, e);
  await runPublicationTasks(deps);
  return result;
}


const DAY_MS = 86_400_000;
const live = (deps: TestDeps) => liveSetsSchema.parse(deps.docs.data(firestorePaths.liveSets(FESTIVAL_ID)));
const favoriteOf = (deps: TestDeps, uid: string, performanceId: string) => deps.docs.data(firestorePaths.favorite(uid, performanceId));

/** A favourite as the app writes it for a verified account (`established`: the rules' part of reputation). */
function heart(deps: TestDeps, uid: string, performanceId: string, createdAt = NOW) {
  deps.docs.seed(firestorePaths.favorite(uid, performanceId), { festivalId: FESTIVAL_ID, performanceId, createdAt, established: true });
}

/** An account made and verified a minute ago: the attack's throwaway crowd. */
function freshVerified(deps: TestDeps, uid: string) {
  deps.accounts.add(uid, { emailVerified: true, createdAt: new Date(NOW.getTime() - 60_000) });
}

/** A visitor made a month ago who saved a favourite two days ago. */
function established(deps: TestDeps, uid: string) {
  deps.accounts.add(uid, { emailVerified: true, createdAt: new Date(NOW.getTime() - 30 * DAY_MS) });
  deps.docs.seed(firestorePaths.favorite(uid, 'kae-main'), { festivalId: FESTIVAL_ID, performanceId: 'kae-main', createdAt: new Date(NOW.getTime() - 2 * DAY_MS), established: true, reputable: true });
}

const added = (uid: string, performanceId: string) => event('favorite.changed', { uid, festivalId: FESTIVAL_ID, performanceId, change: 'added' });

describe('trending counts favourites by reputation (issue 39, attack 2)', () => {
  it('25 accounts made and verified a minute ago do not reach trending; 25 established visitors do', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    for (let i = 0; i < 25; i++) {
      freshVerified(deps, `sock${i}`);
      heart(deps, `sock${i}`, 'kae-tent');
      established(deps, `fan${i}`);
    }
    await Promise.all(Array.from({ length: 25 }, (_, i) => handleFavoriteChanged(deps, added(`sock${i}`, 'kae-tent'))));
    // Counted in the set's total, nowhere in trending.
    expect(live(deps).favorites).toMatchObject({ 'kae-tent': 25 });
    expect(live(deps).trending).toEqual([]);
    expect(favoriteOf(deps, 'sock0', 'kae-tent')).toMatchObject({ established: true, reputable: false });

    for (let i = 0; i < 25; i++) heart(deps, `fan${i}`, 'nina-main');
    await Promise.all(Array.from({ length: 25 }, (_, i) => handleFavoriteChanged(deps, added(`fan${i}`, 'nina-main'))));
    expect(live(deps).trending).toEqual([{ performanceId: 'nina-main', favorites: 25 }]);
    expect(favoriteOf(deps, 'fan0', 'nina-main')).toMatchObject({ reputable: true });
  });

  it('judges by the same reputation as hiding: a day-old account without an earlier favourite, or one refuted, does not count', async () => {
    const deps = testDeps();
    deps.accounts.add('newcomer', { createdAt: new Date(NOW.getTime() - 2 * DAY_MS) });
    heart(deps, 'newcomer', 'nina-main');
    established(deps, 'refuted');
    deps.docs.seed(firestorePaths.reporterRecord('refuted'), { refutedAt: new Date(NOW.getTime() - DAY_MS), refutedOn: `${FESTIVAL_ID}/p1`, refutedBy: 'moderator' });
    heart(deps, 'refuted', 'nina-main');
    // An earlier favourite less than an hour before is no history yet.
    established(deps, 'recent');
    deps.docs.store.delete(firestorePaths.favorite('recent', 'kae-main'));
    heart(deps, 'recent', 'kae-main', new Date(NOW.getTime() - 30 * 60_000));
    heart(deps, 'recent', 'nina-main');
    expect(await judgeFavorite(deps, 'newcomer', 'nina-main')).toBe('not-reputable');
    expect(await judgeFavorite(deps, 'refuted', 'nina-main')).toBe('not-reputable');
    expect(await judgeFavorite(deps, 'recent', 'nina-main')).toBe('not-reputable');
  });

  it('looks only at favourites the rules let say `established`, and never writes on them', async () => {
    const deps = testDeps();
    deps.accounts.add('anon', { anonymous: true, emailVerified: false });
    deps.docs.seed(firestorePaths.favorite('anon', 'nina-main'), { festivalId: FESTIVAL_ID, performanceId: 'nina-main', createdAt: NOW });
    expect(await judgeFavorite(deps, 'anon', 'nina-main')).toBe('not-looked-at');
    expect(favoriteOf(deps, 'anon', 'nina-main')).not.toHaveProperty('reputable');
  });

  it("reads a hot set's favourites arriving together in one request, each judged on its own", async () => {
    const deps = testDeps();
    const uids = Array.from({ length: 40 }, (_, n) => `visitor-${n}`);
    for (const uid of uids) deps.docs.seed(firestorePaths.favorite(uid, 'kae-main'), { festivalId: FESTIVAL_ID, performanceId: 'kae-main', createdAt: NOW });
    established(deps, 'ann');
    heart(deps, 'ann', 'nina-main');
    const requests = { get: 0, getAll: [] as number[] };
    const { get, getAll } = deps.docs;
    deps.docs.get = ((...args: Parameters<typeof get>) => ((requests.get += 1), get.apply(deps.docs, args))) as typeof get;
    deps.docs.getAll = ((reads: Parameters<typeof getAll>[0]) => (requests.getAll.push(reads.length), getAll.call(deps.docs, reads))) as typeof getAll;
    const verdicts = await Promise.all([...uids.map((uid) => judgeFavorite(deps, uid, 'kae-main')), judgeFavorite(deps, 'ann', 'nina-main')]);
    expect(verdicts).toEqual([...uids.map(() => 'not-looked-at'), 'reputable']);
    // The favourites in one getAll; only the established one goes on to its giver's record (one get).
    expect(requests).toEqual({ get: 1, getAll: [41] });
  });

  it('judges once: a retry keeps the first verdict, and a favourite taken back is not written again', async () => {
    const deps = testDeps();
    established(deps, 'ann');
    heart(deps, 'ann', 'nina-main');
    expect(await judgeFavorite(deps, 'ann', 'nina-main')).toBe('reputable');
    // Staff refute her afterwards: the favourite given before keeps its verdict.
    deps.docs.seed(firestorePaths.reporterRecord('ann'), { refutedAt: NOW, refutedOn: `${FESTIVAL_ID}/p1`, refutedBy: 'moderator' });
    expect(await judgeFavorite(deps, 'ann', 'nina-main')).toBe('reputable');
    deps.docs.store.delete(firestorePaths.favorite('ann', 'nina-main'));
    expect(await judgeFavorite(deps, 'ann', 'nina-main')).toBe('not-looked-at');
    expect(favoriteOf(deps, 'ann', 'nina-main')).toBeUndefined();
  });
});
