import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * tokens.css sets the display face's `--font-display` on the elements that use it, not on :root
 * (see the comment there: a root change restyles the whole page). This keeps that list true: every
 * rule that sets `font-family: var(--font-display)` must match an element the list names.
 */
const SRC = join(__dirname, '..');

function cssFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return cssFiles(path);
    return path.endsWith('.css') ? [path] : [];
  });
}

/** The selectors of each rule whose declarations use `var(--font-display)` (flat CSS, no nesting). */
function selectorsUsingDisplayFont(css: string): string[] {
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const rules = [...withoutComments.matchAll(/([^{}]+)\{([^{}]*)\}/g)];
  return rules
    .filter(([, , body]) => /font-family\s*:[^;]*var\(--font-display\)/.test(body ?? ''))
    .flatMap(([, selector]) => (selector ?? '').split(',').map((part) => part.trim()));
}

function scopedTargets(tokens: string): string[] {
  const match = /\[data-display-font\]\s*:is\(([^)]*)\)/.exec(tokens.replace(/\/\*[\s\S]*?\*\//g, ''));
  if (!match?.[1]) throw new Error('tokens.css has no [data-display-font] :is(...) rule');
  return match[1].split(',').map((part) => part.trim());
}

describe('the display face is scoped to the elements that use it', () => {
  it('names, for every rule using var(--font-display), the element or class that rule styles', () => {
    const targets = scopedTargets(readFileSync(join(SRC, 'styles/tokens.css'), 'utf8'));
    const used = cssFiles(SRC).flatMap((file) => selectorsUsingDisplayFont(readFileSync(file, 'utf8')));
    expect(used.length).toBeGreaterThan(5);
    // The rule's subject is the last compound of its selector, e.g. `.programme .now-next-stage`.
    const unscoped = used.filter((selector) => {
      const subject = selector.split(/\s+|>|\+|~/).filter(Boolean).at(-1) ?? selector;
      return !targets.some((target) => subject === target || subject.startsWith(`${target}.`) || subject.startsWith(`${target}:`) || subject.endsWith(target));
    });
    expect(unscoped).toEqual([]);
  });
});
