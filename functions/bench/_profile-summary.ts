/**
 * `npx tsx functions/bench/_profile-summary.ts <file.cpuprofile> [top] [per]`: the functions
 * with the most self time and inclusive time in a V8 CPU profile (`BENCH_CPU_PROFILE`), in ms
 * and in ms per `per` operations (e.g. the favourites of the burst). The leading underscore
 * keeps `npm run bench` from running this file as a benchmark.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg, perArg] = process.argv.slice(2);
if (!file) throw new Error('usage: _profile-summary.ts <file.cpuprofile> [top] [per]');
const top = Number(topArg ?? 40);
const per = Number(perArg ?? 1);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const selfUs = new Map<number, number>();
profile.samples.forEach((id, index) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));

const label = (node: ProfileNode) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url.replace(/^.*\/(node_modules\/|src\/|lib\/)/, '$1');
  return `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
};
const self = new Map<string, number>();
const inclusive = new Map<string, number>();
let total = 0;
for (const [id, us] of selfUs) {
  total += us;
  const node = byId.get(id)!;
  self.set(label(node), (self.get(label(node)) ?? 0) + us);
  // Each label once per stack, so recursion is not counted twice.
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const name = label(byId.get(at)!);
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + us);
  }
}
const show = (title: string, table: Map<string, number>) => {
  console.log(`\n${title} (total ${(total / 1000).toFixed(0)} ms, ${(total / 1000 / per).toFixed(3)} ms per op)`);
  for (const [name, us] of [...table].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${(us / 1000).toFixed(0).padStart(7)} ms ${(us / 1000 / per).toFixed(3).padStart(7)} /op  ${name}`);
  }
};
show('self time', self);
show('inclusive time', inclusive);
