// @vitest-environment node
/**
 * Friends, in Chromium against the whole local stack, with two people in two browser contexts
 * (both guests: anonymous sign-in is enough for friends). Vera makes an invite; Otto opens the
 * link, which names Vera as the one who invites, chooses his name and accepts; both see the other by the name they chose. Vera plans a
 * set; on that set's page Otto sees "1 friend plans this set: Vera", on the programme's card
 * "Vera", and in My schedule with friends the set under Vera's name. Vera hides that set from
 * friends and it leaves Otto's page (the plan trigger leaves it out), then shows it again. Vera hides her plan from
 * Otto: it is gone from his page within 2 s (the rules refuse his listener, his friend document
 * says so), and back when she shares it again. Vera removes Otto, and the plan is gone from
 * Otto's page within 2 s (the bound: the rules refuse his listener and his friends list
 * drops her). axe finds nothing serious on the pages a person uses.
 */
import { festivalDayOf } from '@encore/model';
import { encore2026 } from '@encore/model/seed';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, seriousA11yViolations } from './browser';
import type { LocalStack } from './local-stack';
import { useBrowserSession } from './session';
import { FESTIVAL_SATURDAY_NINE } from './festival-clock';

const LIVE = 60_000;
/** The promise: a removed friend's view loses the plan within 2 seconds. */
const REVOKED_WITHIN_MS = 2_000;
const seed = encore2026();
const planned = seed.performances.find((performance) => performance.data.status === 'scheduled')!;
const artistName = seed.artists.find((artist) => artist.id === planned.data.artistId)!.data.name;

let stack: LocalStack;
const { newPage, uncaught } = useBrowserSession('friends-test', (session) => {
  ({ stack } = session);
});

async function openFriends(page: Page): Promise<void> {
  await page.goto(`${stack.url}/friends`);
  await page.getByRole('heading', { level: 1, name: 'Friends' }).waitFor({ timeout: LIVE });
}

describe('friends by invitation', () => {
  it('invite by link, accept, see "1 friend" on the set the other planned (its page, its programme card, the friends view); hidden from or removed, the plan is gone within 2 s', async () => {
    const vera = await newPage({ at: FESTIVAL_SATURDAY_NINE });
    await openFriends(vera);
    await vera.getByLabel('Your name, as your friends will see it').fill('Vera');
    await vera.getByRole('button', { name: 'Make an invite' }).click();
    const link = (await vera.getByTestId('invite-link').textContent({ timeout: LIVE }))!;
    expect(link).toMatch(new RegExp(`^${stack.url}/friends/accept#[A-Za-z0-9_-]{22}$`));
    await vera.getByRole('img', { name: 'QR code of the invite link' }).waitFor({ timeout: LIVE });
    expect(await seriousA11yViolations(vera)).toEqual([]);
    await screenshot(vera, 'friends-invite-phone');

    const otto = await newPage({ at: FESTIVAL_SATURDAY_NINE });
    await otto.goto(link);
    // The page names who invites, by the name Vera chose for the invite.
    await otto.getByRole('heading', { level: 1, name: 'Vera invites you to be friends' }).waitFor({ timeout: LIVE });
    await otto.getByLabel('Your name, as your friends will see it').fill('Otto');
    expect(await seriousA11yViolations(otto)).toEqual([]);
    await otto.getByRole('button', { name: 'Accept the invite' }).click();
    await otto.getByRole('heading', { level: 1, name: 'Friends' }).waitFor({ timeout: LIVE });
    await otto.getByTestId('friend-list').getByText('Vera', { exact: true }).waitFor({ timeout: LIVE });
    await vera.getByTestId('friend-list').getByText('Otto', { exact: true }).waitFor({ timeout: LIVE });

    // The link is single use: opened again (by anyone), it says so at once, with no form to fill in vain.
    const third = await newPage({ at: FESTIVAL_SATURDAY_NINE });
    await third.goto(link);
    await third.getByText('This invite was already used: each works once.').waitFor({ timeout: LIVE });
    expect(await third.getByRole('button', { name: 'Accept the invite' }).count()).toBe(0);
    expect(await third.getByRole('heading', { level: 1 }).textContent()).toBe('You are invited to be friends');
    // Otto, opening it again, is told they are friends already.
    await otto.goto(link);
    await otto.getByRole('heading', { level: 1, name: 'You and Vera are friends' }).waitFor({ timeout: LIVE });

    // Vera plans a set; Otto, on that set's page, sees her there.
    await vera.goto(`${stack.url}/performances/${planned.id}`);
    await vera.getByRole('button', { name: new RegExp(`^Favourite ${artistName}`) }).click();
    await vera.getByText('In your schedule').waitFor({ timeout: LIVE });
    await otto.goto(`${stack.url}/performances/${planned.id}`);
    const onSet = otto.getByTestId('friends-on-set');
    await onSet.getByText('1 friend plans this set: Vera').waitFor({ timeout: LIVE });
    expect(await seriousA11yViolations(otto)).toEqual([]);
    await screenshot(otto, 'friends-on-set-phone');

    // "Vera" on the programme's card for that set too, and the set under her name in the friends view.
    await otto.goto(`${stack.url}/?day=${festivalDayOf(planned.data.startsAt, seed.festival)}`);
    await otto.locator(`[data-set-id="${planned.id}"]`).getByTestId('friends-on-card').getByText('Vera', { exact: true }).waitFor({ timeout: LIVE });
    await otto.goto(`${stack.url}/my/friends`);
    await otto.getByRole('heading', { level: 1, name: 'My schedule with friends' }).waitFor({ timeout: LIVE });
    const inHours = otto.getByTestId('friends-hour-set').filter({ hasText: artistName }).first();
    await inHours.getByRole('list', { name: 'Who plans it' }).getByText('Vera', { exact: true }).waitFor({ timeout: LIVE });
    expect(await seriousA11yViolations(otto)).toEqual([]);
    await screenshot(otto, 'friends-schedule-phone');

    // Vera hides her plan from Otto: gone from his set page within 2 s; back when she shares it again.
    await otto.goto(`${stack.url}/performances/${planned.id}`);
    await onSet.waitFor({ timeout: LIVE });
    // Vera hides that one set from friends: the trigger republishes her plan without it.
    await vera.goto(`${stack.url}/performances/${planned.id}`);
    const hideSet = vera.getByRole('switch', { name: 'Hide this set from my friends' });
    await hideSet.press('Space');
    await onSet.waitFor({ state: 'detached', timeout: LIVE });
    await hideSet.press('Space');
    await onSet.getByText('1 friend plans this set: Vera').waitFor({ timeout: LIVE });
    await openFriends(vera);
    const share = vera.getByRole('switch', { name: 'Share my plan with Otto' });
    // By keyboard (the switch is a labelled checkbox): Space toggles it.
    await share.press('Space');
    await onSet.waitFor({ state: 'detached', timeout: REVOKED_WITHIN_MS });
    await vera.getByRole('switch', { name: 'Share my plan with Otto', checked: false }).waitFor({ timeout: LIVE });
    expect(await seriousA11yViolations(vera)).toEqual([]);
    await share.press('Space');
    await onSet.getByText('1 friend plans this set: Vera').waitFor({ timeout: LIVE });

    // Vera removes Otto: his view of her plan goes, with no reload.
    await openFriends(vera);
    await vera.getByRole('button', { name: 'Remove Otto as a friend' }).click();
    await onSet.waitFor({ state: 'detached', timeout: REVOKED_WITHIN_MS });
    await vera.getByText('No friends yet: make an invite and send it.').waitFor({ timeout: LIVE });

    for (const page of [vera, otto, third]) expect(uncaught(page)).toEqual([]);
  }, 300_000);
});
