/**
 * The runtime the functions deploy on stays deployable and stays one: these fail the day
 * firebase-tools' own table says the configured runtime is deprecated, and as soon as
 * functions/package.json's engines and firebase.json's runtime tell different stories.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { firebaseTools, functionsConfig } from './firebase-tools.js';

const functionsDir = fileURLToPath(new URL('../../', import.meta.url));
const { runtime } = functionsConfig();
const support = firebaseTools.RUNTIMES[runtime];
const engines = (JSON.parse(readFileSync(join(functionsDir, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
const major = Number(runtime.replace(/^nodejs/, ''));

describe(`the functions runtime (${runtime} in firebase.json)`, () => {
  it('is a Node.js runtime firebase-tools knows', () => {
    expect(runtime).toMatch(/^nodejs\d+$/);
    expect(support, `${runtime} is not in firebase-tools' runtime table`).toBeDefined();
  });

  it(`is not past its deprecation date (${support?.deprecationDate}), by firebase-tools' table`, () => {
    const today = new Date();
    expect(today < new Date(support!.deprecationDate), `${runtime} was deprecated on ${support!.deprecationDate}: move firebase.json to a supported runtime`).toBe(true);
  });

  it(`agrees with engines.node in functions/package.json ("${engines}"): the runtime's major is the newest it admits`, () => {
    expect(semver.intersects(engines, `${major}.x`), `engines.node "${engines}" does not admit Node ${major}`).toBe(true);
    expect(semver.intersects(engines, `>=${major + 1}`), `engines.node "${engines}" admits a Node newer than ${runtime}`).toBe(false);
  });

  it('admits the Node the tools run on, so npm install there warns of no engine', () => {
    expect(semver.satisfies(process.versions.node, engines)).toBe(true);
  });
});
