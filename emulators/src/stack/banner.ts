/**
 * What `npm start` prints once the festival is up: where everything is, the demo's test
 * accounts (or, started `--empty`, the local project admin and the organiser's page), and how
 * to stop and start again.
 */
import { encore2026 } from '@encore/model/seed';
import { busiestMoment, festivalTimeParameter } from '../seed/busiest-moment.js';
import { LOCAL_ADMIN_FILE } from './data-dir.js';
import type { RunningFestival } from './festival.js';
import { shownPath } from './shown-path.js';
import type { Stack } from './stack.js';

export function festivalBanner(festival: RunningFestival, rootDir: string): string {
  const { stack, auth, web } = festival;
  const lines: string[] = [];
  const rows: Array<[string, string]> = [
    ...(web ? ([['Web app', web.url]] as Array<[string, string]>) : []),
    ['Auth', `http://${auth.host}`],
    ['Firestore', `http://${stack.hosts.firestore}`],
    ['Storage', `http://${stack.hosts.storage}`],
    ['Pub/Sub (gRPC)', stack.hosts.pubsub],
    ...(stack.runner ? ([['Functions', `${stack.runner.url}/${stack.projectId}/${httpRegions(stack.runner)}/{name}`]] as Array<[string, string]>) : []),
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  const parts = Object.entries(festival.timings).map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`);
  lines.push('', `Encore is running (project ${stack.projectId}), ready in ${(festival.readyMs / 1000).toFixed(1)} s (${parts.join(', ')})`, '');
  for (const [label, url] of rows) lines.push(`  ${label.padEnd(width)}  ${url}`);
  if (festival.mode.kind === 'empty') {
    lines.push('', ...emptyStart(festival, web?.url, shownPath(rootDir, festival.dataDir)));
  } else {
    const tip = web ? liveProgrammeTip(web.url) : undefined;
    if (tip) lines.push('', tip);
    lines.push('', '  Test accounts (the demo festival encore-2026):');
    for (const account of festival.testAccounts) lines.push(accountRow(account.email, account.password, accountRights(account), account.secondFactor?.phoneNumber));
    if (festival.testAccounts.some((account) => account.secondFactor)) lines.push(...SECOND_FACTOR_NOTE);
  }
  if (stack.runner) {
    const jobs = stack.runner.functions().filter((fn) => fn.trigger.kind === 'schedule');
    if (jobs.length > 0) lines.push('', `  Scheduled functions (run now with npm run job -- <name>): ${jobs.map((fn) => fn.name).join(', ')}`);
    lines.push('', `  App Check debug token (the web app presents it; ENCORE_APP_CHECK_DEBUG_TOKEN sets it): ${festival.appCheckDebugToken}`);
    if (festival.functionsLog) lines.push('', `  Function calls and logs: one short line each below; in full (JSON lines) in ${festival.functionsLog}`);
  }
  const dataDir = shownPath(rootDir, festival.dataDir);
  lines.push(
    '',
    `  Ctrl-C stops everything and keeps the state in ${dataDir}/. npm start -- --fresh sets it aside (in ${dataDir}/previous/) and starts`,
    '  again with the demo festival; --fresh --empty starts again with no festival.',
    '',
  );
  return lines.join('\n');
}

/** The web app at the seed festival's busiest moment (`?now=` works in development only). */
function liveProgrammeTip(webUrl: string): string | undefined {
  const programme = encore2026();
  const moment = busiestMoment(programme.performances.map(({ data }) => data));
  if (!moment) return undefined;
  const url = `${webUrl}?now=${festivalTimeParameter(moment.at, programme.festival.timeZone)}`;
  return `  To see sets live on ${moment.liveStages} of ${programme.stages.length} stages, open ${url}`;
}

/** The regions HTTPS and callable functions are served in, for the printed URL template. */
function httpRegions(runner: NonNullable<Stack['runner']>): string {
  const regions = new Set(
    runner
      .functions()
      .filter((fn) => fn.trigger.kind === 'https' || fn.trigger.kind === 'callable')
      .flatMap((fn) => fn.regions),
  );
  return regions.size === 1 ? [...regions][0]! : '{region}';
}

const SECOND_FACTOR_NOTE = [
  '  Staff and admins sign in with a second factor. No text is sent locally: the SMS code shows on this console when the',
  '  app asks for one ("Auth: SMS code ..."), `npm run mfa-code` prints the latest, and the sign-in screen can show it.',
];

/** What a test account may do: the project admin claim, its role in the demo festival, or nothing. */
function accountRights(account: { claim?: string; festivalRole?: string }): string {
  if (account.claim === 'admin') return 'project admin';
  if (account.festivalRole) return `${account.festivalRole} of encore-2026`;
  return 'visitor';
}

function accountRow(email: string, password: string, rights: string, phoneNumber: string | undefined): string {
  const factor = phoneNumber ? `  second factor: SMS to ${phoneNumber}` : '';
  return `    ${email.padEnd(24)} ${password.padEnd(26)} ${rights.padEnd(26)}${factor}`.trimEnd();
}

/** An empty start: no festival, no demo account; the local project admin and where to create a festival. */
function emptyStart(festival: RunningFestival, webUrl: string | undefined, dataDir: string): string[] {
  const admin = festival.localAdmin!;
  const remembered = festival.mode.kind === 'empty' && festival.mode.remembered;
  return [
    remembered
      ? '  No demo festival: this data folder was started with --empty and stays so (the demo is never seeded into it).'
      : '  No festival yet and no demo account (--empty); later starts of this data folder stay so.',
    webUrl ? `  Create a festival on the organiser's page: ${new URL('organiser', webUrl).href}` : "  Create a festival on the web app's organiser's page, /organiser (npm start serves the web app).",
    '',
    `  Sign in as the local project admin (its password is kept in ${dataDir}/${LOCAL_ADMIN_FILE}):`,
    accountRow(admin.email, admin.password, 'project admin', admin.phoneNumber),
    ...SECOND_FACTOR_NOTE,
  ];
}
