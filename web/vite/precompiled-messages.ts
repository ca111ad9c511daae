/**
 * react-intl without its runtime ICU parser, in production builds (web/README.md, "The first
 * page"): every message reaches react-intl already parsed, so the parser (three copies of
 * `@formatjs/icu-messageformat-parser`, one per formatjs package, about 10 KB gzipped) is
 * replaced by its `no-parser` build, which only throws.
 *
 * - The Dutch catalogs (`src/i18n/nl/*.json`) load as JSON of message ASTs instead of ICU text.
 * - Every `defaultMessage` of the app's code (a string in a descriptor object or a JSX prop,
 *   which the JSX transform has made an object property by then) becomes its AST. A
 *   `defaultMessage` that is not a plain string cannot be compiled: the build fails, rather
 *   than ship a message react-intl could not show.
 *
 * The ASTs are what the runtime parser would make (`parse(message)` with react-intl's
 * default options). Tests and the dev server keep the parser and the ICU text.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

const DUTCH_CATALOG = /[\\/]src[\\/]i18n[\\/]nl[\\/][^\\/]+\.json$/;
const APP_CODE = /[\\/]web[\\/]src[\\/][^?]*\.tsx?$/;
const require = createRequire(import.meta.url);

/** A flat catalog of ICU messages as one of their ASTs. */
export function compileCatalog(catalog: Record<string, string>): Record<string, MessageFormatElement[]> {
  return Object.fromEntries(Object.entries(catalog).map(([id, message]) => [id, compileMessage(message, id)]));
}

export function compileMessage(message: string, where: string): MessageFormatElement[] {
  try {
    return parse(message);
  } catch (error) {
    throw new Error(`${where}: not an ICU message: ${(error as Error).message}`);
  }
}

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** Every `defaultMessage: <value>` property in an ESTree program. */
function defaultMessageProperties(program: Node): Node[] {
  const found: Node[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!isNode(value)) return;
    if (value.type === 'Property') {
      const key = value['key'] as Node & { name?: string; value?: unknown };
      if (!value['computed'] && (key.name === 'defaultMessage' || key.value === 'defaultMessage')) found.push(value['value'] as Node);
    }
    for (const [key, child] of Object.entries(value)) if (key !== 'type' && typeof child === 'object') visit(child);
  };
  visit(program);
  return found;
}

/** The string a literal node holds, or null when it is not a plain string. */
function stringOf(node: Node): string | null {
  if (node.type === 'Literal' && typeof node['value'] === 'string') return node['value'];
  const quasis = node['quasis'] as Array<{ value: { cooked: string } }> | undefined;
  if (node.type === 'TemplateLiteral' && (node['expressions'] as unknown[]).length === 0 && quasis?.length === 1) return quasis[0]!.value.cooked;
  return null;
}

export function precompiledMessages(): Plugin[] {
  return [
    {
      name: 'encore-precompiled-catalogs',
      apply: 'build',
      enforce: 'pre',
      config: () => ({
        resolve: {
          alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: require.resolve('@formatjs/icu-messageformat-parser/no-parser.js') }],
        },
      }),
      async load(id) {
        if (!DUTCH_CATALOG.test(id)) return null;
        // Still JSON (Vite's JSON plugin makes it a module as before), of ASTs instead of text.
        return JSON.stringify(compileCatalog(JSON.parse(await readFile(id, 'utf8')) as Record<string, string>));
      },
    },
    {
      name: 'encore-precompiled-default-messages',
      apply: 'build',
      enforce: 'post',
      transform(code, id) {
        if (!APP_CODE.test(id) || !code.includes('defaultMessage')) return null;
        const properties = defaultMessageProperties(this.parse(code) as unknown as Node);
        if (properties.length === 0) return null;
        let compiled = '';
        let from = 0;
        for (const value of properties.sort((a, b) => a.start - b.start)) {
          const message = stringOf(value);
          if (message === null) this.error(`${id}: a defaultMessage must be a plain string to be compiled (found ${value.type})`);
          compiled += code.slice(from, value.start) + JSON.stringify(compileMessage(message, id));
          from = value.end;
        }
        // Each string becomes one line of JSON in its place: lines stay where they were, for the source map.
        return { code: compiled + code.slice(from), map: null };
      },
    },
  ];
}
