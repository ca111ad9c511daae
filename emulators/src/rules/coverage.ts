/**
 * Rules coverage: how often each allow statement ran and what it answered, so a test run
 * can report conditions that were never exercised or never allowed anything.
 */
import type { AllowStatement, MatchBlock, RulesFile } from './ast.js';

export type AllowOutcome = 'allow' | 'deny' | 'error';

export interface CoverageEntry {
  line: number;
  column: number;
  /** The match path of the enclosing block, as written. */
  matchPath: string;
  methods: string[];
  condition: string;
  allow: number;
  deny: number;
  error: number;
}

export class RulesCoverage {
  private readonly entries = new Map<AllowStatement, CoverageEntry>();

  constructor(rules: RulesFile) {
    const walk = (blocks: readonly MatchBlock[], prefix: string) => {
      for (const block of blocks) {
        const matchPath = prefix + block.pathText;
        for (const allow of block.allows) {
          this.entries.set(allow, {
            line: allow.position.line,
            column: allow.position.column,
            matchPath,
            methods: [...allow.methods],
            condition: allow.conditionText,
            allow: 0,
            deny: 0,
            error: 0,
          });
        }
        walk(block.matches, matchPath);
      }
    };
    walk(rules.matches, '');
  }

  record(allow: AllowStatement, outcome: AllowOutcome): void {
    const entry = this.entries.get(allow);
    if (entry) entry[outcome]++;
  }

  /** One entry per allow statement, in source order, counts included. */
  report(): CoverageEntry[] {
    return [...this.entries.values()].map((entry) => ({ ...entry, methods: [...entry.methods] })).sort((a, b) => a.line - b.line || a.column - b.column);
  }

  /** Allow statements that never ran. */
  unexercised(): CoverageEntry[] {
    return this.report().filter((entry) => entry.allow + entry.deny + entry.error === 0);
  }

  reset(): void {
    for (const entry of this.entries.values()) entry.allow = entry.deny = entry.error = 0;
  }
}
