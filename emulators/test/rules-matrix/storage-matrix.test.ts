/**
 * Encore's storage.rules, proven: every Storage path of the contract (docs/data-contract.md)
 * x every role x get, list, create, update, delete, through the web SDK as
 * @firebase/rules-unit-testing hands it out, against our Storage emulator. Then the
 * attacks the security issue names, and a path no rule names.
 *
 * Read the POLICY table first: it is the storage policy. Staff rights are per festival
 * (issue 35, roles.ts): PROGRAMME and MODERATORS are festival A's roles that may (with a
 * second factor) and the project's admins; every row also asks them signed in without one,
 * the retired `staff` claim and festival B's admin, and festival B's rows ask them all again.
 */
import { assertFails, assertSucceeds, type RulesTestContext } from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { BUCKET, reportCoverage, startMatrixStack, type MatrixStack } from './harness.js';
import { EVERYONE, EXTRA_IDENTITIES, FESTIVAL_ADMINS, FESTIVAL_B, MODERATORS, NOBODY, OPERATIONS, OWNER, PROGRAMME, ROLES, type Operation, type Policy, type Role } from './roles.js';

interface StorageRow {
  /** The object every operation of the row targets (list: its folder). */
  object: string;
  policy: Policy;
  /** Content type of the object arranged before get/update/delete and uploaded by create. */
  contentType: string;
}

const MB = 1024 * 1024;
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);

const POLICY: StorageRow[] = [
  // The original of vera's photo: only she may put it there or remove it; nobody reads it
  // back (a metadata read through Firebase would give it a download token, a link past the rules).
  { object: 'uploads/vera/encore-2026/p-new',          contentType: 'image/jpeg', policy: { get: NOBODY,   list: NOBODY, create: OWNER,  update: NOBODY, delete: OWNER } },
  // A thumbnail of a ready photo: anyone may read it; only functions write.
  { object: 'photos/encore-2026/p-ready/400.webp',      contentType: 'image/webp', policy: { get: EVERYONE, list: NOBODY, create: NOBODY, update: NOBODY, delete: NOBODY } },
  // A thumbnail of a photo still processing: the festival's moderators only (with a second factor).
  { object: 'photos/encore-2026/p-processing/400.webp', contentType: 'image/webp', policy: { get: MODERATORS, list: NOBODY, create: NOBODY, update: NOBODY, delete: NOBODY } },
  // A thumbnail of a photo staff (or reports) hid: its moderators and admins still see it, so they restore knowing what (issue 36).
  { object: 'photos/encore-2026/p-hidden/400.webp',     contentType: 'image/webp', policy: { get: MODERATORS, list: NOBODY, create: NOBODY, update: NOBODY, delete: NOBODY } },
  // An artist's picture and the site plan as programme staff upload them: they put them there, nobody reads them back (functions derive, then delete them).
  { object: 'staff-uploads/encore-2026/artists/the-nightjars/up1', contentType: 'image/jpeg', policy: { get: NOBODY, list: NOBODY, create: PROGRAMME, update: NOBODY, delete: NOBODY } },
  { object: 'staff-uploads/encore-2026/venue/map/up1',             contentType: 'image/png',  policy: { get: NOBODY, list: NOBODY, create: PROGRAMME, update: NOBODY, delete: NOBODY } },
  // The festival's logo and app icon as its admins upload them (issue 35): its look is theirs, not programme staff's.
  { object: 'staff-uploads/encore-2026/brand/logo/up1',            contentType: 'image/png',  policy: { get: NOBODY, list: NOBODY, create: FESTIVAL_ADMINS, update: NOBODY, delete: NOBODY } },
  { object: 'staff-uploads/encore-2026/brand/icon/up1',            contentType: 'image/png',  policy: { get: NOBODY, list: NOBODY, create: FESTIVAL_ADMINS, update: NOBODY, delete: NOBODY } },
  // The same in festival B: its admin and the project's admins, not festival A's staff.
  { object: `photos/${FESTIVAL_B}/p-processing/400.webp`, contentType: 'image/webp', policy: { get: ['staffOfB', 'projectAdmin'], list: NOBODY, create: NOBODY, update: NOBODY, delete: NOBODY } },
  { object: `staff-uploads/${FESTIVAL_B}/artists/the-nightjars/up1`, contentType: 'image/jpeg', policy: { get: NOBODY, list: NOBODY, create: ['staffOfB', 'projectAdmin'], update: NOBODY, delete: NOBODY } },
  { object: `staff-uploads/${FESTIVAL_B}/venue/map/up1`,             contentType: 'image/png',  policy: { get: NOBODY, list: NOBODY, create: ['staffOfB', 'projectAdmin'], update: NOBODY, delete: NOBODY } },
  { object: `staff-uploads/${FESTIVAL_B}/brand/icon/up1`,            contentType: 'image/png',  policy: { get: NOBODY, list: NOBODY, create: ['staffOfB', 'projectAdmin'], update: NOBODY, delete: NOBODY } },
  // Their renditions: public, written by functions only.
  { object: 'media/encore-2026/artists/the-nightjars/up1/480.webp', contentType: 'image/webp', policy: { get: EVERYONE, list: NOBODY, create: NOBODY, update: NOBODY, delete: NOBODY } },
  { object: 'media/encore-2026/venue/map/up1/1920.avif',            contentType: 'image/avif', policy: { get: EVERYONE, list: NOBODY, create: NOBODY, update: NOBODY, delete: NOBODY } },
  { object: 'media/encore-2026/brand/icon/up1/maskable-512.png',     contentType: 'image/png',  policy: { get: EVERYONE, list: NOBODY, create: NOBODY, update: NOBODY, delete: NOBODY } },
  // The programme's data bundle: functions write it and serve it through programmeBundle; no client touches the object.
  { object: 'bundles/encore-2026/programme.bundle',     contentType: 'application/octet-stream', policy: { get: NOBODY, list: NOBODY, create: NOBODY, update: NOBODY, delete: NOBODY } },
  // Default deny: no rule names this path.
  { object: 'exports/encore-2026/report.csv',           contentType: 'text/csv',   policy: { get: NOBODY,   list: NOBODY, create: NOBODY, update: NOBODY, delete: NOBODY } },
];

interface Attack {
  name: string;
  /** A role of the matrix, or one of the callers only some attacks need (EXTRA_IDENTITIES). */
  role: Role | keyof typeof EXTRA_IDENTITIES;
  object: string;
  bytes: number;
  contentType: string;
  customMetadata?: Record<string, string>;
  expect: 'allowed' | 'denied';
}

const UPLOADS: Attack[] = [
  { name: 'a 25 MB image into one’s own folder',                   role: 'visitor',   object: 'uploads/vera/encore-2026/pHuge',   bytes: 25 * MB, contentType: 'image/jpeg', expect: 'denied' },
  { name: 'a 25 MB image into someone else’s folder',               role: 'otherUser', object: 'uploads/vera/encore-2026/pHuge',   bytes: 25 * MB, contentType: 'image/jpeg', expect: 'denied' },
  { name: 'a text file named .jpg into someone else’s folder',      role: 'otherUser', object: 'uploads/vera/encore-2026/cat.jpg', bytes: 64,      contentType: 'text/plain', expect: 'denied' },
  { name: 'a text file named .jpg into one’s own folder',           role: 'visitor',   object: 'uploads/vera/encore-2026/cat.jpg', bytes: 64,      contentType: 'image/jpeg', expect: 'denied' },
  { name: 'a text file with a valid id into one’s own folder',      role: 'visitor',   object: 'uploads/vera/encore-2026/pText',   bytes: 64,      contentType: 'text/plain', expect: 'denied' },
  { name: 'an SVG (script-capable) into one’s own folder',          role: 'visitor',   object: 'uploads/vera/encore-2026/pSvg',    bytes: 64,      contentType: 'image/svg+xml', expect: 'denied' },
  { name: 'an image into someone else’s folder',                    role: 'otherUser', object: 'uploads/vera/encore-2026/pOtto',   bytes: 64,      contentType: 'image/jpeg', expect: 'denied' },
  { name: 'an image by an anonymous visitor into their own folder', role: 'anonymous', object: 'uploads/anna/encore-2026/pAnna',   bytes: 64,      contentType: 'image/jpeg', expect: 'denied' },
  // Issue 24: upload rights need a verified email (the claim old accounts get for reporting is not enough).
  { name: 'an image by an account whose email is not verified, into its own folder', role: 'unverified', object: 'uploads/uma/encore-2026/pUma', bytes: 64, contentType: 'image/jpeg', expect: 'denied' },
  { name: 'an image by an old unverified account holding the trustedReporter claim', role: 'oldAccount', object: 'uploads/olaf/encore-2026/pOlaf', bytes: 64, contentType: 'image/jpeg', expect: 'denied' },
  { name: 'an empty file into one’s own folder',                    role: 'visitor',   object: 'uploads/vera/encore-2026/pEmpty',  bytes: 0,       contentType: 'image/jpeg', expect: 'denied' },
  { name: 'metadata other than performanceId',                      role: 'visitor',   object: 'uploads/vera/encore-2026/pMeta',   bytes: 64,      contentType: 'image/jpeg', customMetadata: { gps: '52.37,4.89' }, expect: 'denied' },
  { name: 'an image for a festival that does not exist',            role: 'visitor',   object: 'uploads/vera/no-such-fest/pLost',  bytes: 64,      contentType: 'image/jpeg', expect: 'denied' },
  { name: 'an image with its performanceId into one’s own folder',  role: 'visitor',   object: 'uploads/vera/encore-2026/pTagged', bytes: 64,      contentType: 'image/png', customMetadata: { performanceId: 'p-headliner' }, expect: 'allowed' },
  { name: 'exactly 20 MB of image into one’s own folder',           role: 'visitor',   object: 'uploads/vera/encore-2026/p20mb',   bytes: 20 * MB, contentType: 'image/jpeg', expect: 'allowed' },
  { name: 'a thumbnail forged into the public photos folder',       role: 'visitor',   object: 'photos/encore-2026/p-ready/1200.webp', bytes: 64,  contentType: 'image/webp', expect: 'denied' },
  // Free file hosting: a file under the id of someone else's ready photo, which the pipeline would skip.
  { name: 'an image into one’s own folder under another uploader’s photo id', role: 'otherUser', object: 'uploads/otto/encore-2026/p-ready', bytes: 64, contentType: 'image/jpeg', expect: 'denied' },
  { name: 'an image under the id of one’s own photo already processing', role: 'visitor', object: 'uploads/vera/encore-2026/p-processing', bytes: 64, contentType: 'image/jpeg', expect: 'denied' },
  { name: 'an image under the id of a photo that was rejected',     role: 'visitor',   object: 'uploads/vera/encore-2026/p-rejected', bytes: 64,   contentType: 'image/jpeg', expect: 'denied' },
  { name: 'an image under the id of a removed photo that was reported (its moderation entry stays)', role: 'otherUser', object: 'uploads/otto/encore-2026/p-removed', bytes: 64, contentType: 'image/jpeg', expect: 'denied' },
  { name: 'an image under a new photo id into one’s own folder',    role: 'otherUser', object: 'uploads/otto/encore-2026/p-otto-new', bytes: 64,   contentType: 'image/jpeg', expect: 'allowed' },
  // Programme staff's images: pictures only, of things that exist, nothing else along.
  { name: 'programme staff uploading an SVG as an artist picture',           role: 'programme',   object: 'staff-uploads/encore-2026/artists/the-nightjars/svg1', bytes: 64, contentType: 'image/svg+xml', expect: 'denied' },
  { name: 'programme staff uploading a 25 MB site plan',                     role: 'programme',   object: 'staff-uploads/encore-2026/venue/map/huge',  bytes: 25 * MB, contentType: 'image/png', expect: 'denied' },
  { name: 'programme staff uploading a picture for an artist that does not exist', role: 'programme', object: 'staff-uploads/encore-2026/artists/nobody/up2', bytes: 64, contentType: 'image/jpeg', expect: 'denied' },
  { name: 'a project admin uploading a site plan for a festival that does not exist', role: 'projectAdmin', object: 'staff-uploads/no-such-fest/venue/map/up3', bytes: 64, contentType: 'image/png', expect: 'denied' },
  { name: 'programme staff uploading an artist picture with custom metadata', role: 'programme',  object: 'staff-uploads/encore-2026/artists/the-nightjars/meta', bytes: 64, contentType: 'image/jpeg', customMetadata: { note: 'x' }, expect: 'denied' },
  { name: 'programme staff uploading under a venue document other than the map', role: 'programme', object: 'staff-uploads/encore-2026/venue/other/up4', bytes: 64, contentType: 'image/png', expect: 'denied' },
  { name: 'a visitor with an account uploading an artist picture', role: 'visitor', object: 'staff-uploads/encore-2026/artists/the-nightjars/v1', bytes: 64, contentType: 'image/jpeg', expect: 'denied' },
  { name: 'a festival’s admin forging a rendition into the public media folder', role: 'admin',  object: 'media/encore-2026/artists/the-nightjars/up1/1200.webp', bytes: 64, contentType: 'image/webp', expect: 'denied' },
  { name: 'exactly 20 MB of site plan by programme staff',         role: 'programme', object: 'staff-uploads/encore-2026/venue/map/p20mb', bytes: 20 * MB, contentType: 'image/png', expect: 'allowed' },
  // Issue 35: roles per festival. A moderator does not edit the programme; a role in A is nothing in B; the retired claim is nothing.
  { name: 'a moderator uploading an artist picture',                role: 'moderator', object: 'staff-uploads/encore-2026/artists/the-nightjars/m1', bytes: 64, contentType: 'image/jpeg', expect: 'denied' },
  { name: 'the admin of festival A uploading a site plan for festival B', role: 'admin', object: `staff-uploads/${FESTIVAL_B}/venue/map/a1`, bytes: 64, contentType: 'image/png', expect: 'denied' },
  { name: 'the admin of festival B uploading a site plan for festival B', role: 'staffOfB', object: `staff-uploads/${FESTIVAL_B}/venue/map/b1`, bytes: 64, contentType: 'image/png', expect: 'allowed' },
  { name: 'the admin of festival B uploading a site plan for festival A', role: 'staffOfB', object: 'staff-uploads/encore-2026/venue/map/b2', bytes: 64, contentType: 'image/png', expect: 'denied' },
  { name: 'the retired staff claim (with a second factor) uploading an artist picture', role: 'retiredStaff', object: 'staff-uploads/encore-2026/artists/the-nightjars/r1', bytes: 64, contentType: 'image/jpeg', expect: 'denied' },
  { name: 'programme staff signed in with an authenticator app (TOTP) uploading a site plan', role: 'programmeWithTotp', object: 'staff-uploads/encore-2026/venue/map/t1', bytes: 64, contentType: 'image/png', expect: 'allowed' },
  { name: 'a visitor who signed in with a second factor uploading a site plan', role: 'visitorWithFactor', object: 'staff-uploads/encore-2026/venue/map/v2', bytes: 64, contentType: 'image/png', expect: 'denied' },
  // Issue 35: the festival's look. Images only, of the two it has, for a festival that exists, nothing else along.
  { name: 'a festival’s admin uploading a 25 MB app icon',                  role: 'admin',     object: 'staff-uploads/encore-2026/brand/icon/huge', bytes: 25 * MB, contentType: 'image/png', expect: 'denied' },
  { name: 'a festival’s admin uploading an SVG logo',                       role: 'admin',     object: 'staff-uploads/encore-2026/brand/logo/svg1', bytes: 64, contentType: 'image/svg+xml', expect: 'denied' },
  { name: 'a festival’s admin uploading a brand image other than logo or icon', role: 'admin', object: 'staff-uploads/encore-2026/brand/banner/up5', bytes: 64, contentType: 'image/png', expect: 'denied' },
  { name: 'a festival’s admin uploading a logo with custom metadata',       role: 'admin',     object: 'staff-uploads/encore-2026/brand/logo/meta', bytes: 64, contentType: 'image/png', customMetadata: { note: 'x' }, expect: 'denied' },
  { name: 'a project admin uploading an icon for a festival that does not exist', role: 'projectAdmin', object: 'staff-uploads/no-such-fest/brand/icon/up6', bytes: 64, contentType: 'image/png', expect: 'denied' },
  { name: 'programme staff uploading the festival’s logo',                  role: 'programme', object: 'staff-uploads/encore-2026/brand/logo/p1', bytes: 64, contentType: 'image/png', expect: 'denied' },
  { name: 'the admin of festival A uploading festival B’s icon',            role: 'admin',     object: `staff-uploads/${FESTIVAL_B}/brand/icon/a2`, bytes: 64, contentType: 'image/png', expect: 'denied' },
  { name: 'exactly 20 MB of logo by a festival’s admin',                    role: 'admin',     object: 'staff-uploads/encore-2026/brand/logo/p20mb', bytes: 20 * MB, contentType: 'image/jpeg', expect: 'allowed' },
];

/** Who may create at a path, uploading over an object already there: a content upload is a `create` with `resource` set, which the rules refuse. */
const OVERWRITES: Array<{ role: Role; object: string; contentType: string }> = [
  { role: 'visitor', object: 'uploads/vera/encore-2026/p-there', contentType: 'image/jpeg' },
  { role: 'programme', object: 'staff-uploads/encore-2026/artists/the-nightjars/up-there', contentType: 'image/jpeg' },
  { role: 'admin', object: 'staff-uploads/encore-2026/venue/map/up-there', contentType: 'image/png' },
  { role: 'admin', object: 'staff-uploads/encore-2026/brand/icon/up-there', contentType: 'image/png' },
];

let stack: MatrixStack;

beforeAll(async () => {
  stack = await startMatrixStack();
  await stack.owner.setDoc('festivals/encore-2026', { name: 'Encore 2026' });
  await stack.owner.setDoc('festivals/encore-2026/artists/the-nightjars', { name: 'The Nightjars', bio: '', genres: [] });
  await stack.owner.setDoc('festivals/encore-2026/photos/p-ready', { uploaderUid: 'vera', status: 'ready' });
  await stack.owner.setDoc('festivals/encore-2026/photos/p-processing', { uploaderUid: 'vera', status: 'processing' });
  await stack.owner.setDoc('festivals/encore-2026/photos/p-rejected', { uploaderUid: 'vera', status: 'rejected' });
  await stack.owner.setDoc('festivals/encore-2026/photos/p-hidden', { uploaderUid: 'vera', status: 'hidden' });
  // A photo its uploader deleted after it was reported: the document went, its moderation entry stayed.
  await stack.owner.setDoc('festivals/encore-2026/moderation/p-removed', { photoId: 'p-removed', reports: 2 });
  await stack.owner.setDoc(`festivals/${FESTIVAL_B}`, { name: 'Encore 2027' });
  await stack.owner.setDoc(`festivals/${FESTIVAL_B}/artists/the-nightjars`, { name: 'The Nightjars', bio: '', genres: [] });
  await stack.owner.setDoc(`festivals/${FESTIVAL_B}/photos/p-processing`, { uploaderUid: 'vera', status: 'processing' });
});

afterAll(async () => {
  await reportCoverage('firebase.storage');
  await stack?.stop();
});

const bucket = (context: RulesTestContext) => context.storage(`gs://${BUCKET}`);
const folderOf = (object: string) => object.slice(0, object.lastIndexOf('/'));

function imageBytes(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set(JPEG.subarray(0, Math.min(size, JPEG.length)));
  return bytes;
}

/** Puts the object in place (or out of the way, before a create) as the owner. */
async function arrange(row: StorageRow, operation: Operation): Promise<void> {
  if (operation === 'create') await stack.owner.deleteObject(row.object);
  else await stack.owner.putObject(row.object, row.contentType, JPEG);
}

function perform(row: StorageRow, operation: Operation, context: RulesTestContext): Promise<unknown> {
  const ref = bucket(context).ref(row.object);
  switch (operation) {
    case 'get':
      return ref.getMetadata();
    case 'list':
      return bucket(context).ref(folderOf(row.object)).list({ maxResults: 10 });
    case 'create':
      return ref.put(JPEG, { contentType: row.contentType }).then((snapshot) => snapshot);
    case 'update':
      return ref.updateMetadata({ cacheControl: 'public, max-age=60' });
    case 'delete':
      return ref.delete();
  }
}

describe.each(POLICY)('storage $object', (row) => {
  const cases = OPERATIONS.flatMap((operation) => ROLES.map((role) => ({ operation, role, verdict: row.policy[operation].includes(role) ? 'allowed' : 'denied' })));
  it.each(cases)('$operation by $role is $verdict', async ({ operation, role, verdict }) => {
    await arrange(row, operation);
    const request = perform(row, operation, stack.as(role));
    await (verdict === 'allowed' ? assertSucceeds(request) : assertFails(request));
  });
});

describe('uploads the rules must refuse (and the ones they must not)', () => {
  it.each(UPLOADS)('$name: $expect', async (attack) => {
    await stack.owner.deleteObject(attack.object);
    const context = attack.role in EXTRA_IDENTITIES ? stack.asIdentity(EXTRA_IDENTITIES[attack.role as keyof typeof EXTRA_IDENTITIES]) : stack.as(attack.role as Role);
    const upload = bucket(context)
      .ref(attack.object)
      .put(imageBytes(attack.bytes), { contentType: attack.contentType, ...(attack.customMetadata ? { customMetadata: attack.customMetadata } : {}) })
      .then((snapshot) => snapshot);
    await (attack.expect === 'allowed' ? assertSucceeds(upload) : assertFails(upload));
  });
});

describe('an upload over an object already there (a create with resource set)', () => {
  it.each(OVERWRITES)('$role uploading over $object is denied, and the same upload at a free name succeeds', async ({ role, object, contentType }) => {
    await stack.owner.putObject(object, contentType, JPEG);
    await assertFails(bucket(stack.as(role)).ref(object).put(JPEG, { contentType }).then((snapshot) => snapshot));
    await stack.owner.deleteObject(object);
    await assertSucceeds(bucket(stack.as(role)).ref(object).put(JPEG, { contentType }).then((snapshot) => snapshot));
  });
});

describe('issue 22: an uploader whose uploads staff suspended', () => {
  const SUSPENSION = 'festivals/encore-2026/suspensions/vera';
  const suspension = (active: boolean) => ({
    active,
    reason: 'Uploads of strangers without consent',
    suspendedBy: 'sam',
    suspendedAt: new Date('2026-08-14T18:00:00Z'),
    liftedBy: active ? null : 'ada',
    liftedAt: active ? null : new Date('2026-08-14T19:00:00Z'),
  });
  const upload = (object: string) => bucket(stack.as('visitor')).ref(object).put(JPEG, { contentType: 'image/jpeg' }).then((snapshot) => snapshot);

  afterAll(async () => {
    await stack.owner.deleteDoc(SUSPENSION);
  });

  it('cannot upload while suspended, and can again once the suspension is lifted', async () => {
    await stack.owner.deleteObject('uploads/vera/encore-2026/p-suspended');
    await stack.owner.setDoc(SUSPENSION, suspension(true));
    await assertFails(upload('uploads/vera/encore-2026/p-suspended'));
    await stack.owner.setDoc(SUSPENSION, suspension(false));
    await assertSucceeds(upload('uploads/vera/encore-2026/p-suspended'));
  });

  it('can upload again once a suspension with an end has ended, not before (issue 36)', async () => {
    await stack.owner.deleteObject('uploads/vera/encore-2026/p-until');
    await stack.owner.setDoc(SUSPENSION, { ...suspension(true), until: new Date(Date.now() + 3_600_000) });
    await assertFails(upload('uploads/vera/encore-2026/p-until'));
    await stack.owner.setDoc(SUSPENSION, { ...suspension(true), until: new Date(Date.now() - 60_000) });
    await assertSucceeds(upload('uploads/vera/encore-2026/p-until'));
  });

  it('is suspended in that festival only', async () => {
    await stack.owner.setDoc('festivals/encore-2027', { name: 'Encore 2027' });
    await stack.owner.deleteObject('uploads/vera/encore-2027/p-elsewhere');
    await stack.owner.setDoc(SUSPENSION, suspension(true));
    await assertSucceeds(upload('uploads/vera/encore-2027/p-elsewhere'));
  });
});
