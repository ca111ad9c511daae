// @vitest-environment node
/**
 * The set the upload page proposes, in Chromium against the whole local stack and the
 * production build: at the festival on Saturday evening, an uploader who let Encore use their
 * position before finds the picker on the set playing on the stage they stand by; one who did
 * not is never asked by the page, and gets the same set after tapping "Use my position".
 */
import { planGeoTransform } from '@encore/model';
import { encore2026 } from '@encore/model/seed';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, seriousA11yViolations, signIn } from './browser';
import { FESTIVAL_SATURDAY_NINE } from './festival-clock';
import type { LocalStack } from './local-stack';
import { useBrowserSession } from './session';

const seed = encore2026();
const LIVE = 60_000;
let stack: LocalStack;
const { newPage, uncaught } = useBrowserSession('upload-preselect-test', (session) => {
  ({ stack } = session);
});

const at = FESTIVAL_SATURDAY_NINE.getTime();
const playing = seed.performances.filter(({ data }) => data.status !== 'cancelled' && data.startsAt.getTime() <= at && at < data.endsAt.getTime());
// A stage playing now, and a spot on the plan a few metres from its marker.
const stageMarker = seed.venueMap.markers.find((marker) => marker.kind === 'stage' && playing.some(({ data }) => data.stageId === marker.stageId))!;
const set = playing.find(({ data }) => data.stageId === stageMarker.stageId)!;
const artist = seed.artists.find((candidate) => candidate.id === set.data.artistId)!.data.name;
const there = planGeoTransform(seed.venueMap.georeference).toGeo({ x: stageMarker.x + 0.01, y: stageMarker.y + 0.01 });

const picker = (page: Page) => page.getByRole('combobox', { name: 'Which set are these photos from?' });
const chosenSet = (page: Page) => new URL(page.url()).searchParams.get('performance');

async function openUploadPage(page: Page): Promise<void> {
  const uploader = stack.accounts.find((candidate) => candidate.email.startsWith('uploader'))!;
  await signIn(page, stack.url, uploader.email, uploader.password);
  await page.goto(`${stack.url}/upload`);
  await picker(page).waitFor({ timeout: LIVE });
}

describe('the upload page’s set suggestion', () => {
  it('is the set playing on the nearest stage, at once, for a person who let Encore use their position before', async () => {
    expect(playing.length).toBeGreaterThan(1);
    const page = await newPage({ at: FESTIVAL_SATURDAY_NINE, geolocation: { latitude: there.lat, longitude: there.lng, accuracy: 10 }, permissions: ['geolocation'] });
    await openUploadPage(page);
    await expect.poll(() => chosenSet(page), { timeout: LIVE }).toBe(set.id);
    expect(await picker(page).inputValue()).toContain(artist);
    await page.getByRole('status').filter({ hasText: /^Nearest stage: / }).waitFor({ timeout: LIVE });
    await screenshot(page, 'upload-nearest-stage');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(uncaught(page)).toEqual([]);
  }, 180_000);

  it('waits for a tap when the person has not allowed it, then proposes the same set', async () => {
    const page = await newPage({ at: FESTIVAL_SATURDAY_NINE });
    await openUploadPage(page);
    const use = page.getByRole('button', { name: 'Use my position to find the set' });
    await use.waitFor({ timeout: LIVE });
    await page.getByRole('status').filter({ hasText: /^Suggests the set on the stage nearest to you/ }).waitFor();
    expect(chosenSet(page)).toBeNull();
    // The person allows it when the browser asks, after their tap.
    await page.context().grantPermissions(['geolocation'], { origin: stack.url });
    await page.context().setGeolocation({ latitude: there.lat, longitude: there.lng, accuracy: 10 });
    await use.click();
    await expect.poll(() => chosenSet(page), { timeout: LIVE }).toBe(set.id);
    expect(await picker(page).inputValue()).toContain(artist);
    expect(uncaught(page)).toEqual([]);
  }, 180_000);
});
