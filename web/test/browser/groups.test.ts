// @vitest-environment node
/**
 * Friend groups and meet-up points, in Chromium against the whole local stack, with two
 * people in two browser contexts (both guests). Vera and Otto become friends by invitation;
 * Vera makes a group with Otto; she sets its meet-up point (a stage of the venue map and a
 * time), and Otto sees it within 2 s (the bound), then again after a reload with no
 * network (Firestore's offline cache). Vera shares her position (the browser's Geolocation
 * API, granted to her context) and Otto sees that she does, until when; on his venue map he
 * finds the meet-up point and Vera, and in his inbox the notice. Then Vera picks a free point
 * on the plan (a tap, then the arrow keys), named, and it is on Otto's open map within 2 s;
 * Otto leaves the group and Vera adds him back. axe finds nothing serious on the groups page
 * (with the point picker open too). A phone whose clock is two hours fast shares for 15 minutes
 * of the server's clock (issue 37).
 */
import { encore2026 } from '@encore/model/seed';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, seriousA11yViolations } from './browser';
import type { LocalStack } from './local-stack';
import { useBrowserSession } from './session';

const LIVE = 60_000;
/** The promise: a meet-up point reaches the others within 2 seconds. */
const MEETUP_WITHIN_MS = 2_000;
const seed = encore2026();
const stageName = seed.stages[0]!.data.name;

let stack: LocalStack;
const { newPage, uncaught } = useBrowserSession('groups-test', (session) => {
  ({ stack } = session);
});

async function openGroups(page: Page): Promise<void> {
  await page.goto(`${stack.url}/groups`);
  await page.getByRole('heading', { level: 1, name: 'Groups and meet-ups' }).waitFor({ timeout: LIVE });
}

describe('friend groups and meet-up points', () => {
  it('a group of two friends: the meet-up point one sets reaches the other within 2 s, and stays there offline after a reload', async () => {
    const vera = await newPage({ geolocation: { latitude: 52.3525, longitude: 5.0105, accuracy: 15 }, permissions: ['geolocation'] });
    await vera.goto(`${stack.url}/friends`);
    await vera.getByLabel('Your name, as your friends will see it').fill('Vera');
    await vera.getByRole('button', { name: 'Make an invite' }).click();
    const link = (await vera.getByTestId('invite-link').textContent({ timeout: LIVE }))!;

    const otto = await newPage();
    await otto.goto(link);
    await otto.getByLabel('Your name, as your friends will see it').fill('Otto');
    await otto.getByRole('button', { name: 'Accept the invite' }).click();
    await otto.getByTestId('friend-list').getByText('Vera', { exact: true }).waitFor({ timeout: LIVE });

    // Vera makes the group (her name is remembered from the invite).
    await openGroups(vera);
    await vera.getByLabel("The group's name").fill('Crew');
    await vera.getByRole('checkbox', { name: 'Otto' }).check({ timeout: LIVE });
    await vera.getByRole('button', { name: 'Make the group' }).click();
    const veraCard = vera.getByRole('region', { name: 'Crew' });
    await veraCard.getByText('Members: Vera and Otto').waitFor({ timeout: LIVE });

    await openGroups(otto);
    const ottoCard = otto.getByRole('region', { name: 'Crew' });
    await ottoCard.getByText('No meet-up point yet.').waitFor({ timeout: LIVE });
    await otto.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: LIVE });

    // Vera sets the meet-up point; Otto's open page shows it within 2 s.
    await veraCard.getByLabel('Where (a stage or a place on the map)').selectOption({ label: stageName });
    await veraCard.getByLabel('When (festival time)').fill('23:30');
    await veraCard.getByRole('button', { name: 'Set the meet-up point' }).click();
    // From the tap (the click has dispatched it when it resolves) to the other phone.
    const setAt = Date.now();
    const meetup = ottoCard.getByTestId('meetup');
    await meetup.getByText(new RegExp(`^Meet at ${stageName}, .* 23:30$`)).waitFor({ timeout: MEETUP_WITHIN_MS });
    console.info(`meet-up point on the other phone after ${Date.now() - setAt} ms`);
    await meetup.getByText('(set by Vera)').waitFor();
    expect(await seriousA11yViolations(otto)).toEqual([]);
    await screenshot(otto, 'groups-meetup-phone');

    // Offline, reloaded: the meet-up point is still there, from the device's cache. First, as a
    // phone has by then, the worker has kept every chunk this page loaded (under load, keeping a
    // chunk handed over after the worker took over can take longer than the steps above).
    await otto.waitForFunction(
      async () => {
        const chunks = performance.getEntriesByType('resource').map((entry) => entry.name).filter((url) => new URL(url).pathname.startsWith('/assets/') && url.endsWith('.js'));
        for (const url of chunks) if (!(await caches.match(url, { ignoreVary: true }))) return false;
        return true;
      },
      undefined,
      { timeout: LIVE, polling: 500 },
    );
    await otto.context().setOffline(true);
    await otto.reload();
    await otto.getByRole('region', { name: 'Crew' }).getByText(new RegExp(`^Meet at ${stageName}, .* 23:30$`)).waitFor({ timeout: LIVE });
    await otto.context().setOffline(false);

    // Vera shares her position for 15 minutes; Otto sees that she does, and until when.
    await veraCard.getByRole('button', { name: 'Share my position with this group' }).click();
    await veraCard.getByRole('button', { name: 'Stop sharing my position' }).waitFor({ timeout: LIVE });
    await otto.getByRole('region', { name: 'Crew' }).getByText(/^Vera shares their position until .* \(to within 15 m\)\. See on the map$/).waitFor({ timeout: LIVE });
    expect(await seriousA11yViolations(vera)).toEqual([]);

    // On Otto's venue map: the meet-up point, and Vera where she is; in his inbox, the notice.
    await otto.goto(`${stack.url}/map`);
    await otto.getByRole('img', { name: new RegExp(`^Meet-up point of Crew: ${stageName}, .* 23:30$`) }).waitFor({ timeout: LIVE });
    await otto.getByRole('img', { name: 'Vera is here' }).waitFor({ timeout: LIVE });
    await screenshot(otto, 'groups-map-phone');
    await otto.goto(`${stack.url}/inbox`);
    await otto.getByText(new RegExp(`Crew: meet at ${stageName}, .*23:30\\.`)).waitFor({ timeout: LIVE });
    const addedFrom = Date.now();

    // A free point of the plan: Otto keeps his venue map open; Vera taps the plan at 30% across
    // and 40% down, moves the star two steps right with the keyboard, names it and sets it; the
    // star on Otto's map is there, at 32% across, within 2 s.
    await otto.goto(`${stack.url}/map`);
    await otto.getByRole('img', { name: new RegExp(`^Meet-up point of Crew: ${stageName}, `) }).waitFor({ timeout: LIVE });
    await veraCard.getByLabel('Where (a stage or a place on the map)').selectOption({ label: 'A point on the map' });
    const plan = veraCard.getByRole('region', { name: 'Site plan: tap where to meet' }).locator('.site-plan-stage');
    const box = (await plan.boundingBox({ timeout: LIVE }))!;
    await plan.click({ position: { x: box.width * 0.3, y: box.height * 0.4 } });
    const star = veraCard.getByRole('button', { name: /^Meet-up point: / });
    await star.press('ArrowRight');
    await star.press('ArrowRight');
    await veraCard.getByTestId('meetup-point-where').getByText(/^32% across and 40% down the plan, nearest to .+$/).waitFor();
    await veraCard.getByLabel('What to call it (optional)').fill('the big tree');
    await veraCard.getByLabel('When (festival time)').fill('23:45');
    expect(await seriousA11yViolations(vera)).toEqual([]);
    await screenshot(vera, 'groups-point-picker-phone');
    await veraCard.getByRole('button', { name: 'Set the meet-up point' }).click();
    const pointSetAt = Date.now();
    const pointStar = otto.getByRole('img', { name: /^Meet-up point of Crew: the big tree, .* 23:45$/ });
    await pointStar.waitFor({ timeout: MEETUP_WITHIN_MS });
    console.info(`free meet-up point on the other phone's map after ${Date.now() - pointSetAt} ms`);
    const pin = otto.locator('.map-pin', { has: pointStar });
    expect(await pin.evaluate((element) => parseFloat((element as HTMLElement).style.left))).toBeCloseTo(32, 0);
    expect(await pin.evaluate((element) => parseFloat((element as HTMLElement).style.top))).toBeCloseTo(40, 0);

    // Otto leaves the group: it is gone from his page, and Vera's card has her alone. She adds
    // him back (one of her friends): he left, so he is only invited (issue 39); once he accepts,
    // the group is on his page again, meet-up point and all.
    await openGroups(otto);
    const ottoCrew = otto.getByRole('region', { name: 'Crew' });
    await ottoCrew.getByRole('button', { name: 'Leave Crew' }).click({ timeout: LIVE });
    await otto.getByText('You are in no group yet.').waitFor({ timeout: LIVE });
    await veraCard.getByText('Members: Vera', { exact: true }).waitFor({ timeout: LIVE });
    await veraCard.getByLabel('Add a friend').selectOption({ label: 'Otto' });
    await veraCard.getByRole('button', { name: 'Add to the group' }).click();
    await veraCard.getByText(/they got an invitation, and join again only if they accept it/).waitFor({ timeout: LIVE });
    expect(await otto.getByText('You are in no group yet.').isVisible()).toBe(true);
    await otto.getByTestId('group-invitations').getByText('Vera invites you back into Crew, which you left. You join again only if you accept.').waitFor({ timeout: LIVE });
    expect(await seriousA11yViolations(otto)).toEqual([]);
    await otto.getByRole('button', { name: 'Join Crew again' }).click();
    await ottoCrew.getByText('Members: Vera and Otto').waitFor({ timeout: LIVE });
    await ottoCrew.getByTestId('meetup').getByText(/^Meet at the big tree, .* 23:45$/).waitFor({ timeout: LIVE });
    expect(await seriousA11yViolations(otto)).toEqual([]);
    console.info(`free point, leave and add back: ${Date.now() - addedFrom} ms`);

    for (const page of [vera, otto]) expect(uncaught(page)).toEqual([]);
  }, 300_000);

  it("a phone whose clock is two hours fast shares for 15 minutes of the server's clock: both phones show the end 15 minutes after the server saw it start", async () => {
    const TWO_HOURS = 2 * 3_600_000;
    // Mia's phone thinks it is two hours later than it is; Noor's is right.
    const mia = await newPage({ at: new Date(Date.now() + TWO_HOURS), geolocation: { latitude: 52.3525, longitude: 5.0105, accuracy: 15 }, permissions: ['geolocation'] });
    await mia.goto(`${stack.url}/friends`);
    await mia.getByLabel('Your name, as your friends will see it').fill('Mia');
    await mia.getByRole('button', { name: 'Make an invite' }).click();
    const link = (await mia.getByTestId('invite-link').textContent({ timeout: LIVE }))!;
    const noor = await newPage();
    await noor.goto(link);
    await noor.getByLabel('Your name, as your friends will see it').fill('Noor');
    await noor.getByRole('button', { name: 'Accept the invite' }).click();
    await noor.getByTestId('friend-list').getByText('Mia', { exact: true }).waitFor({ timeout: LIVE });
    await openGroups(mia);
    await mia.getByLabel("The group's name").fill('Dune');
    await mia.getByRole('checkbox', { name: 'Noor' }).check({ timeout: LIVE });
    await mia.getByRole('button', { name: 'Make the group' }).click();
    const miaCard = mia.getByRole('region', { name: 'Dune' });
    await miaCard.getByText('Members: Mia and Noor').waitFor({ timeout: LIVE });
    await openGroups(noor);

    const tappedAt = Date.now();
    await miaCard.getByRole('button', { name: 'Share my position with this group' }).click();
    const mine = miaCard.getByText(/^You share your position until .* \(to within 15 m\)\.$/);
    await mine.waitFor({ timeout: LIVE });
    const theirs = noor.getByRole('region', { name: 'Dune' }).getByText(/^Mia shares their position until .* \(to within 15 m\)\. See on the map$/);
    await theirs.waitFor({ timeout: LIVE });
    const seenAt = Date.now();

    // The end, as a festival-goer reads it, is 15 minutes after the server saw the share
    // start (between the tap and both phones showing it), not 15 minutes after Mia's clock.
    const clock = (instant: number) => new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: seed.festival.timeZone }).format(instant);
    const ends = new Set([clock(tappedAt + 15 * 60_000), clock(seenAt + 15 * 60_000)]);
    const endOf = (text: string | null) => /until .*?(\d{2}:\d{2}) \(/.exec(text ?? '')?.[1];
    expect(ends).toContain(endOf(await mine.textContent()));
    expect(ends).toContain(endOf(await theirs.textContent()));
    expect(endOf(await mine.textContent())).not.toBe(clock(tappedAt + TWO_HOURS + 15 * 60_000));

    // Mia's phone does not think the share over (nor Noor's): after the next update, both still show it.
    await mia.waitForTimeout(16_000);
    await mine.waitFor({ timeout: LIVE });
    await theirs.waitFor({ timeout: LIVE });
    for (const page of [mia, noor]) expect(uncaught(page)).toEqual([]);
  }, 300_000);
});
