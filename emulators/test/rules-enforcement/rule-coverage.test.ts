/**
 * The official Firestore emulator's rules coverage endpoints, `:ruleCoverage` (JSON) and
 * `:ruleCoverage.html`, fed by the counts our engine keeps per allow statement: requests made
 * through @firebase/rules-unit-testing show up as allowed and denied evaluations.
 */
import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { doc, getDoc, setDoc, type Firestore } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from '../../src/firestore/index.js';
import type { RuleCoverageJson } from '../../src/rules-enforcement/coverage-endpoint.js';

const PROJECT = 'demo-rule-coverage';
const RULES = `rules_version = '2';
// coverage endpoint test
service cloud.firestore {
  match /databases/{database}/documents {
    match /notes/{note} {
      allow read: if true;
      allow write: if request.auth.uid == 'alice';
    }
    match /never/{id} {
      allow read: if request.auth != null;
    }
  }
}`;

let emulator: FirestoreEmulator;
let env: RulesTestEnvironment;
const coverageUrl = (suffix = '') => `http://127.0.0.1:${emulator.port}/emulator/v1/projects/${PROJECT}:ruleCoverage${suffix}`;

beforeAll(async () => {
  emulator = await startFirestoreEmulator({ port: 0, projectId: PROJECT });
  env = await initializeTestEnvironment({ projectId: PROJECT, firestore: { host: '127.0.0.1', port: emulator.port, rules: RULES } });
  const as = (uid: string) => env.authenticatedContext(uid).firestore() as unknown as Firestore;
  await assertSucceeds(setDoc(doc(as('alice'), 'notes/a'), { text: 'hi' }));
  await assertFails(setDoc(doc(as('bob'), 'notes/b'), { text: 'no' }));
  await assertFails(setDoc(doc(as('bob'), 'notes/c'), { text: 'no' }));
  await assertSucceeds(getDoc(doc(as('bob'), 'notes/a')));
});

afterAll(async () => {
  await env?.cleanup();
  await emulator?.close();
});

describe('GET :ruleCoverage', () => {
  it('answers the rules and one node per allow statement with its allowed and denied counts', async () => {
    const response = await fetch(coverageUrl());
    expect(response.status).toBe(200);
    const body = (await response.json()) as RuleCoverageJson;
    expect(body.rules.files).toEqual([{ name: 'firestore.rules', content: RULES }]);
    const nodes = Object.values(body.report);
    const at = (line: number) => nodes.find((node) => node.sourcePosition.line === line)!;
    expect(at(6).values).toEqual([{ value: { boolValue: true }, count: 1 }]);
    expect(at(7).values).toEqual([
      { value: { boolValue: true }, count: 1 },
      { value: { boolValue: false }, count: 2 },
    ]);
    expect(at(10).values).toEqual([]);
    // The offsets delimit the condition in the source, as tools that read the report slice it.
    const write = at(7).sourcePosition;
    expect(RULES.slice(write.currentOffset, write.endOffset)).toBe("request.auth.uid == 'alice'");
  });

  it('answers an empty report for a project without rules', async () => {
    const response = await fetch(`http://127.0.0.1:${emulator.port}/emulator/v1/projects/demo-no-rules:ruleCoverage`);
    expect([response.status, await response.json()]).toEqual([200, { rules: { files: [] }, report: {} }]);
  });
});

describe('GET :ruleCoverage.html', () => {
  it('renders every line of the rules with the counts of the statements on it, escaped', async () => {
    const response = await fetch(coverageUrl('.html'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('firestore.rules: 2 of 3 allow statements evaluated.');
    expect(html).toContain('<tr class="allowed"><td class="line">7</td><td class="hits">allowed 1, denied 2</td>');
    expect(html).toMatch(/<td class="line">10<\/td><td class="hits">never evaluated<\/td>/);
    expect(html).toContain('request.auth.uid == &#39;alice&#39;');
  });
});
