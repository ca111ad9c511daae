import { describe, expect, it } from 'vitest';
import { firestorePaths, liveSetsSchema } from '@encore/model';
import { FESTIVAL_ID, NOW, seedFestival, testDeps } from '../testing/deps.js';
import { runPublicationTasks } from '../testing/publications.js';
import { askForPublication, mergePhotoMarks } from './live-marks.js';
import { handleLivePhotosTask, handleLiveSetsTask, handleProgrammeTask } from './publication-task.js';

describe('publication tasks', () => {
  it('answer a payload that names no festival as done (a retry would not fix it), writing nothing', async () => {
    const deps = testDeps();
    for (const bad of [undefined, {}, { festivalId: '' }, { festivalId: 'a/b' }, { festivalId: FESTIVAL_ID, extra: 1 }]) {
      expect(await handleLiveSetsTask(deps, bad)).toBe('refused');
      expect(await handleLivePhotosTask(deps, bad)).toBe('refused');
      expect(await handleProgrammeTask(deps, bad)).toBe('refused');
    }
    expect(deps.docs.store.size).toBe(0);
  });

  it('ask for the next window when a publication could not take every mark', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    for (let i = 0; i < 401; i++) deps.docs.seed(firestorePaths.liveMark(FESTIVAL_ID, `m${String(i).padStart(3, '0')}`), { sets: ['nina-main'], markedAt: NOW });
    deps.docs.seed(firestorePaths.favorite('u1', 'nina-main'), { festivalId: FESTIVAL_ID, performanceId: 'nina-main', createdAt: NOW });
    expect(await handleLiveSetsTask(deps, { festivalId: FESTIVAL_ID })).toEqual({ outcome: 'published', marksLeft: true });
    expect(liveSetsSchema.parse(deps.docs.data(firestorePaths.liveSets(FESTIVAL_ID))).favorites).toEqual({ 'nina-main': 1 });
    expect(deps.tasks.of('publishLiveSets')).toHaveLength(1);
    expect([...deps.docs.store.keys()].filter((path) => path.startsWith(`${firestorePaths.liveMarks(FESTIVAL_ID)}/`))).toHaveLength(1);
  });
});

describe('askForPublication across instances', () => {
  it('two instances that both think they are first: one leads, the other rides on the next slot, and every change is published', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    const other = { ...deps, docs: deps.docs.asAnotherInstance() };
    const slot = NOW.getTime() / 30_000 + 1;
    // Instance A stores a favourite and leads; its task runs at once.
    deps.docs.seed(firestorePaths.favorite('u1', 'nina-main'), { festivalId: FESTIVAL_ID, performanceId: 'nina-main', createdAt: NOW });
    deps.docs.seed(firestorePaths.liveMark(FESTIVAL_ID, 'a'), { sets: ['nina-main'], markedAt: NOW });
    await askForPublication(deps, 'sets', FESTIVAL_ID);
    await runPublicationTasks(deps);
    // Instance B, which knows of no publication, stores another after it ran and asks to lead too: refused.
    await deps.sleep(2_000);
    deps.docs.seed(firestorePaths.favorite('u2', 'nina-main'), { festivalId: FESTIVAL_ID, performanceId: 'nina-main', createdAt: deps.now() });
    deps.docs.seed(firestorePaths.liveMark(FESTIVAL_ID, 'b'), { sets: ['nina-main'], markedAt: deps.now() });
    await askForPublication(other, 'sets', FESTIVAL_ID);
    expect(deps.tasks.of('publishLiveSets').map((task) => [task.id, task.at])).toEqual([
      [`sets-lead-${slot}-${FESTIVAL_ID}`, NOW],
      [`sets-${slot + 1}-${FESTIVAL_ID}`, new Date(NOW.getTime() + 60_000)],
    ]);
    // A's next change rides on the same task: one publication an interval after the lead, with both.
    await askForPublication(deps, 'sets', FESTIVAL_ID);
    expect(deps.tasks.enqueued).toHaveLength(2);
    await runPublicationTasks(deps);
    expect(liveSetsSchema.parse(deps.docs.data(firestorePaths.liveSets(FESTIVAL_ID)))).toMatchObject({ favorites: { 'nina-main': 2 }, publishedAt: new Date(NOW.getTime() + 60_000) });
  });
});

describe('mergePhotoMarks', () => {
  it('merges a burst of messages into one mark: kinds per photo (none given: all), the wall, the withdrawn photos', () => {
    expect(
      mergePhotoMarks([{ photoId: 'a', kinds: ['love'] }, { photoId: 'a', kinds: ['fire', 'love'] }, { photoId: 'b' }, { photoId: 'b', kinds: ['wow'] }, { wall: true }, { wall: true, withdrawn: 'c' }], NOW),
    ).toEqual({ reactions: { a: ['love', 'fire'], b: 'all' }, wall: true, withdrawn: ['c'], markedAt: NOW });
  });
});
