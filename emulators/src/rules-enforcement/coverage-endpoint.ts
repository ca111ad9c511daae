/**
 * The official Firestore emulator's rules coverage report, served from the counts our rules
 * engine keeps per allow statement (`compileRules(source).coverage`, the same counts the
 * test run's `test-results/rules-coverage/` file is made from):
 *
 * - `GET /emulator/v1/projects/{p}:ruleCoverage`: JSON, `{ rules: { files: [{ name, content }] },
 *   report: { <key>: node } }`, one node per allow statement, its `sourcePosition` (`fileName`,
 *   `line`, `column`, `currentOffset`, `endOffset` of the condition) and `values` (each
 *   outcome with its `count`: `boolValue` true when it allowed, false when it denied, `error`
 *   when it failed), as tools that walk the official report expect;
 * - `GET /emulator/v1/projects/{p}:ruleCoverage.html`: the rules, each line with the counts
 *   of the statements on it.
 *
 * Our engine counts per allow statement, not per sub-expression: nodes have no children.
 */
import type { CoverageEntry } from '../rules/index.js';

export interface CoverageNode {
  sourcePosition: { fileName: string; line: number; column: number; currentOffset: number; endOffset: number };
  values: Array<{ value: { boolValue: boolean } | { error: { message: string } }; count: number }>;
  children: CoverageNode[];
}

export interface RuleCoverageJson {
  rules: { files: Array<{ name: string; content: string }> };
  report: Record<string, CoverageNode>;
}

/** The JSON report for `source` (undefined: no rules loaded, an empty report). */
export function ruleCoverageJson(source: string | undefined, entries: readonly CoverageEntry[], fileName = 'firestore.rules'): RuleCoverageJson {
  if (source === undefined) return { rules: { files: [] }, report: {} };
  const lineStarts = lineOffsets(source);
  const report: Record<string, CoverageNode> = {};
  for (const entry of entries) {
    const start = lineStarts[entry.line - 1]! + entry.column - 1;
    const conditionAt = entry.condition === '' ? -1 : source.indexOf(entry.condition, start);
    const currentOffset = conditionAt === -1 ? start : conditionAt;
    const endOffset = conditionAt === -1 ? start : conditionAt + entry.condition.length;
    const values: CoverageNode['values'] = [];
    if (entry.allow > 0) values.push({ value: { boolValue: true }, count: entry.allow });
    if (entry.deny > 0) values.push({ value: { boolValue: false }, count: entry.deny });
    if (entry.error > 0) values.push({ value: { error: { message: 'evaluation error' } }, count: entry.error });
    report[`${fileName}:${entry.line}:${entry.column}`] = {
      sourcePosition: { fileName, line: entry.line, column: entry.column, currentOffset, endOffset },
      values,
      children: [],
    };
  }
  return { rules: { files: [{ name: fileName, content: source }] }, report };
}

function lineOffsets(source: string): number[] {
  const starts = [0];
  for (let index = 0; index < source.length; index++) if (source[index] === '\n') starts.push(index + 1);
  return starts;
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

function lineSummary(entries: readonly CoverageEntry[]): { text: string; kind: 'none' | 'never' | 'denied' | 'allowed' } {
  if (entries.length === 0) return { text: '', kind: 'none' };
  const sum = (key: 'allow' | 'deny' | 'error') => entries.reduce((total, entry) => total + entry[key], 0);
  const [allow, deny, error] = [sum('allow'), sum('deny'), sum('error')];
  if (allow + deny + error === 0) return { text: 'never evaluated', kind: 'never' };
  return { text: `allowed ${allow}, denied ${deny}${error > 0 ? `, errors ${error}` : ''}`, kind: allow > 0 ? 'allowed' : 'denied' };
}

/** The HTML report: every line of the rules, with the counts of the allow statements on it. */
export function ruleCoverageHtml(projectId: string, source: string | undefined, entries: readonly CoverageEntry[], fileName = 'firestore.rules'): string {
  const title = `Rules coverage for ${escapeHtml(projectId)}`;
  const head = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><style>
body{font-family:system-ui,sans-serif;margin:1rem;color:#111;background:#fff}
table{border-collapse:collapse;font-family:ui-monospace,monospace;font-size:.9rem}
td{padding:0 .5rem;vertical-align:top;white-space:pre}
td.line{color:#555;text-align:right}
tr.allowed td.hits{background:#d7f5dd}
tr.denied td.hits{background:#fde2c8}
tr.never td.hits{background:#f9d0d0}
</style></head><body><h1>${title}</h1>`;
  if (source === undefined) return `${head}<p>No rules are loaded for this project.</p></body></html>`;
  const byLine = new Map<number, CoverageEntry[]>();
  for (const entry of entries) byLine.set(entry.line, [...(byLine.get(entry.line) ?? []), entry]);
  const exercised = entries.filter((entry) => entry.allow + entry.deny + entry.error > 0).length;
  const rows = source
    .split('\n')
    .map((text, index) => {
      const summary = lineSummary(byLine.get(index + 1) ?? []);
      return `<tr class="${summary.kind}"><td class="line">${index + 1}</td><td class="hits">${summary.text}</td><td>${escapeHtml(text)}</td></tr>`;
    })
    .join('\n');
  return `${head}<p>${escapeHtml(fileName)}: ${exercised} of ${entries.length} allow statements evaluated.</p>
<table><thead><tr><th scope="col">Line</th><th scope="col">Evaluations</th><th scope="col">Rule</th></tr></thead><tbody>
${rows}
</tbody></table></body></html>`;
}
