#!/usr/bin/env node
/**
 * `npm run screenshots`: the README's gallery, made again from the running `npm start`.
 * Every main page (programme, my schedule, photos, news, account, an artist, the map, search,
 * the line-up, info, the staff dashboard) on a phone (390x844) and a laptop (1280x800), in the
 * light and the dark theme, in English and Dutch: 88 PNGs in docs/screenshots/gallery/, named
 * `<page>-<device>-<theme>-<language>.png`.
 *
 * The festival's clock is pinned with `?now=` to the seed's busiest moment (as npm start's
 * banner suggests), the visitor test account is given a few sets (written with the Admin SDK,
 * as the app would) and signs in for the visitor pages; the staff pages are taken signed in as
 * staff with the second factor the Auth emulator's SMS code gives. Language and theme come
 * from the browser (its locale and colour scheme), as a person's would.
 *
 * Needs `npm start` running on the fixed ports (or ENCORE_PORTS=+N, as npm start was given).
 * `npm run screenshots -- staff map` takes only the pages named.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { initializeApp, deleteApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { FieldValue, getFirestore } from 'firebase-admin/firestore';
import { firestorePaths } from '@encore/model';
import { SEED_ACCOUNTS, encore2026 } from '@encore/model/seed';
import { launchChromium } from '../browser/chromium.js';
import { busiestMoment, festivalTimeParameter } from '../seed/busiest-moment.js';
import { latestCodes } from '../stack/verification-codes.js';
import { DEFAULT_PROJECT_ID } from '../stack/project.js';
import { parsePortSetting, portsFromFirebaseJson, PORTS_ENV, resolvePorts, type StackPorts } from '../stack/ports.js';
import { ROOT_DIR } from './root-dir.js';

const OUT_DIR = join(ROOT_DIR, 'docs/screenshots/gallery');
const DEVICES = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  laptop: { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
} as const;
const THEMES = ['light', 'dark'] as const;
const LANGUAGES = { en: 'en-GB', nl: 'nl-NL' } as const;
/** How many of the visitor's sets the schedule shows: a typical evening and a clash. */
const VISITOR_SETS = 7;

type Device = keyof typeof DEVICES;
type Language = keyof typeof LANGUAGES;

interface Shot {
  name: string;
  path: string;
  /** What says the page has drawn its data (a locator on the page). */
  ready: (page: Page) => ReturnType<Page['locator']>;
  as: 'visitor' | 'staff';
  /** Taken without `?now=`: the page is about the real time (the staff dashboard). */
  realClock?: boolean;
}

/** The running stack's ports: firebase.json's, moved as ENCORE_PORTS moved npm start's (not `free`: only its banner knows those). */
function ports(): Promise<StackPorts> {
  const setting = parsePortSetting(process.env[PORTS_ENV]);
  if (setting.kind === 'free') throw new Error(`${PORTS_ENV}=free puts the stack on ports only npm start's banner knows: start it with fixed ports or +N`);
  return resolvePorts(portsFromFirebaseJson(ROOT_DIR), setting);
}

const seed = encore2026();
const visitor = SEED_ACCOUNTS.find((account) => !account.role)!;
const staff = SEED_ACCOUNTS.find((account) => account.role === 'staff')!;
const moment = busiestMoment(seed.performances.map(({ data }) => data))!;
const now = festivalTimeParameter(moment.at, seed.festival.timeZone);
const festivalId = seed.festivalId;

/** The sets the visitor keeps: the evening around the busiest moment, on several stages. */
function visitorSets(): string[] {
  const evening = seed.performances
    .filter(({ data }) => Math.abs(data.startsAt.getTime() - moment.at.getTime()) < 4 * 3_600_000)
    .sort((a, b) => a.data.startsAt.getTime() - b.data.startsAt.getTime());
  return evening.filter((_, index) => index % 3 === 0).slice(0, VISITOR_SETS).map(({ id }) => id);
}

async function giveVisitorSets(hosts: StackPorts): Promise<void> {
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${hosts.firestore}`;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${hosts.auth}`;
  const app = initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? DEFAULT_PROJECT_ID }, 'screenshots');
  try {
    const { uid } = await getAuth(app).getUserByEmail(visitor.email);
    const db = getFirestore(app);
    const batch = db.batch();
    for (const performanceId of visitorSets()) {
      batch.set(db.doc(firestorePaths.favorite(uid, performanceId)), { festivalId, performanceId, createdAt: FieldValue.serverTimestamp() });
    }
    await batch.commit();
  } finally {
    await deleteApp(app);
  }
}

async function smsSessions(authHost: string): Promise<Set<string>> {
  return new Set((await latestCodes(authHost, process.env.GCLOUD_PROJECT ?? DEFAULT_PROJECT_ID)).map((code) => code.sessionInfo));
}

/** The code the Auth emulator made for the staff number after `before` was taken (no text is sent locally). */
async function newSmsCode(page: Page, authHost: string, before: Set<string>): Promise<string> {
  for (let tries = 0; tries < 150; tries++) {
    const codes = await latestCodes(authHost, process.env.GCLOUD_PROJECT ?? DEFAULT_PROJECT_ID);
    const fresh = codes.find((code) => code.phoneNumber === staff.secondFactor?.phoneNumber && !before.has(code.sessionInfo));
    if (fresh) return fresh.code;
    await page.waitForTimeout(200);
  }
  throw new Error('the Auth emulator made no SMS code for the staff account');
}

/** Signs in through the Account page in whatever language the page is in (selectors by role and type, not by text). */
async function signIn(page: Page, appUrl: string, email: string, password: string, authHost: string): Promise<void> {
  await page.goto(`${appUrl}/account?now=${now}`);
  await page.getByRole('tab').nth(1).click();
  const panel = page.getByRole('tabpanel');
  await panel.locator('input[type=email]').fill(email);
  await panel.locator('input[type=password]').fill(password);
  await panel.locator('input[type=password]').press('Enter');
  const signedIn = page.getByRole('link', { name: email });
  const sendCode = page.getByRole('button', { name: /^(Text me a code|Stuur mij een code)$/ });
  await signedIn.or(sendCode).first().waitFor({ timeout: 30_000 });
  if (!(await signedIn.isVisible())) {
    const before = await smsSessions(authHost);
    await sendCode.click();
    const code = await newSmsCode(page, authHost, before);
    const field = page.locator('input[autocomplete="one-time-code"]');
    await field.fill(code);
    await field.press('Enter');
  }
  await signedIn.waitFor({ timeout: 30_000 });
}

function shots(artistId: string): Shot[] {
  return [
    { name: 'programme', path: '/', as: 'visitor', ready: (page) => page.locator('main button[aria-pressed]').first() },
    { name: 'schedule', path: '/my', as: 'visitor', ready: (page) => page.locator('main li').first() },
    { name: 'photos', path: '/photos', as: 'visitor', ready: (page) => page.locator('main img').first() },
    { name: 'news', path: '/inbox', as: 'visitor', ready: (page) => page.locator('main h1').first() },
    { name: 'account', path: '/account', as: 'visitor', ready: (page) => page.locator('main h1').first() },
    { name: 'artist', path: `/artists/${artistId}`, as: 'visitor', ready: (page) => page.locator('main img').first() },
    { name: 'map', path: '/map', as: 'visitor', ready: (page) => page.locator('main img').first() },
    // "When does X play?" across days: a Sunday act searched on the busiest moment (a Friday).
    { name: 'search', path: '/search?q=silver', as: 'visitor', ready: (page) => page.locator('main a[href^="/performances/"]').first() },
    { name: 'lineup', path: '/lineup', as: 'visitor', ready: (page) => page.locator('main a[href^="/artists/"]').first() },
    { name: 'info', path: '/info', as: 'visitor', ready: (page) => page.locator('main a[href^="/info/"]').first() },
    // The dashboard on the real clock (its charts are of the last hours), once its figures are in.
    { name: 'staff', path: '/staff', as: 'staff', realClock: true, ready: (page) => page.locator('main').getByText(/^\d+$/).first() },
  ];
}

/**
 * Waits for the page's data, its images and fonts, then for the layout to settle. (Not for
 * "network idle": Firestore's listen channel keeps a request open all the time.)
 */
async function settle(page: Page, shot: Shot): Promise<void> {
  await shot.ready(page).waitFor({ state: 'visible', timeout: 30_000 });
  // A page drawn from the programme bundle is ready before Firestore's channel opens: the
  // gallery shows the header as a person sees it a moment later, online.
  await page.waitForFunction(() => !document.querySelector('.connection-unknown'), undefined, { timeout: 30_000 });
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(Array.from(document.images).filter((image) => !image.complete).map((image) => new Promise((resolve) => ((image.onload = resolve), (image.onerror = resolve)))));
  });
  // Transitions (the sheet's fade, the skeletons' shimmer) end before the picture is taken.
  await page.waitForTimeout(600);
}

async function capture(page: Page, file: string): Promise<void> {
  const png = await page.screenshot({ animations: 'disabled', caret: 'hide' });
  // A 256-colour palette keeps the gallery small (about a fifth of a full-colour PNG) with no visible loss for UI.
  await sharp(png).png({ palette: true, quality: 90, effort: 8 }).toFile(file);
}

async function takeAll(browser: Browser, appUrl: string, authHost: string, device: Device, language: Language, theme: (typeof THEMES)[number]): Promise<number> {
  const artistId = seed.artists.find(({ data }) => data.links)!.id;
  let taken = 0;
  const only = process.argv.slice(2);
  for (const as of ['visitor', 'staff'] as const) {
    const wanted = shots(artistId).filter((candidate) => candidate.as === as && (only.length === 0 || only.includes(candidate.name)));
    if (wanted.length === 0) continue;
    const context: BrowserContext = await browser.newContext({ ...DEVICES[device], locale: LANGUAGES[language], colorScheme: theme, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const account = as === 'visitor' ? visitor : staff;
    await signIn(page, appUrl, account.email, account.password, authHost);
    for (const shot of wanted) {
      await page.goto(`${appUrl}${shot.path}${shot.realClock ? '' : `${shot.path.includes('?') ? '&' : '?'}now=${now}`}`);
      await settle(page, shot);
      await capture(page, join(OUT_DIR, `${shot.name}-${device}-${theme}-${language}.png`));
      taken++;
    }
    await context.close();
  }
  return taken;
}

try {
  const hosts = await ports();
  const appUrl = `http://127.0.0.1:${hosts.web}`;
  const authHost = `127.0.0.1:${hosts.auth}`;
  const reachable = await fetch(appUrl).then((response) => response.ok, () => false);
  if (!reachable) throw new Error(`the web app at ${appUrl} does not answer: run npm start first`);
  mkdirSync(OUT_DIR, { recursive: true });
  await giveVisitorSets(hosts);
  const browser = await launchChromium();
  let taken = 0;
  try {
    for (const device of Object.keys(DEVICES) as Device[]) {
      for (const language of Object.keys(LANGUAGES) as Language[]) {
        for (const theme of THEMES) {
          taken += await takeAll(browser, appUrl, authHost, device, language, theme);
          console.log(`screenshots: ${device}, ${theme}, ${language} done`);
        }
      }
    }
  } finally {
    await browser.close();
  }
  console.log(`screenshots: ${taken} pictures in ${OUT_DIR} (festival time ${now})`);
  process.exit(0);
} catch (error) {
  console.error(`screenshots: ${(error as Error).stack ?? String(error)}`);
  process.exit(1);
}
