/**
 * Finds every message in web/src with the TypeScript parser: each object literal and each JSX
 * element that carries both an `id` and a `defaultMessage` (defineMessages entries,
 * `<FormattedMessage>`, `intl.formatMessage({...})`, plain descriptors). The i18n test checks
 * the Dutch catalogs against this list; run it by hand to list what still needs Dutch:
 *
 *   npx tsx web/src/i18n/extract.ts            # ids without a Dutch translation, as JSON
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export interface ExtractedMessage {
  id: string;
  defaultMessage: string;
  file: string;
}

export interface Extraction {
  messages: ExtractedMessage[];
  /** Places where a message's id or text is not a plain string (cannot be checked or translated). */
  problems: string[];
}

const SRC = new URL('..', import.meta.url).pathname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

function literal(node: ts.Node | undefined): string | null {
  if (!node) return null;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isJsxExpression(node)) return literal(node.expression);
  return null;
}

function propertyName(name: ts.PropertyName | ts.JsxAttributeName): string | null {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : null;
}

export function extractMessages(root: string = SRC): Extraction {
  const messages: ExtractedMessage[] = [];
  const problems: string[] = [];
  for (const path of sourceFiles(root)) {
    const file = relative(root, path);
    const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const where = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const record = (node: ts.Node, fields: Map<string, ts.Node | undefined>) => {
      if (!fields.has('defaultMessage')) return;
      const id = literal(fields.get('id'));
      const defaultMessage = literal(fields.get('defaultMessage'));
      if (id === null || defaultMessage === null) problems.push(`${where(node)}: a message needs a literal id and defaultMessage`);
      else messages.push({ id, defaultMessage, file });
    };
    const visit = (node: ts.Node) => {
      if (ts.isObjectLiteralExpression(node)) {
        const fields = new Map<string, ts.Node | undefined>();
        for (const property of node.properties) {
          const name = property.name ? propertyName(property.name) : null;
          if (name && ts.isPropertyAssignment(property)) fields.set(name, property.initializer);
        }
        record(node, fields);
      } else if (ts.isJsxAttributes(node)) {
        const fields = new Map<string, ts.Node | undefined>();
        for (const attribute of node.properties) {
          const name = ts.isJsxAttribute(attribute) ? propertyName(attribute.name) : null;
          if (name && ts.isJsxAttribute(attribute)) fields.set(name, attribute.initializer);
        }
        record(node, fields);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { messages, problems };
}

/** The Dutch catalogs as files: `{ "photos": { "photos.wall.title": "..." } }`. */
export function dutchCatalogs(root: string = SRC): Record<string, Record<string, string>> {
  const dir = join(root, 'i18n/nl');
  return Object.fromEntries(
    readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => [name.replace(/\.json$/, ''), JSON.parse(readFileSync(join(dir, name), 'utf8')) as Record<string, string>]),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { messages, problems } = extractMessages();
  const dutch = Object.assign({}, ...Object.values(dutchCatalogs())) as Record<string, string>;
  const missing = Object.fromEntries(messages.filter((message) => !(message.id in dutch)).map((message) => [message.id, message.defaultMessage]));
  console.log(JSON.stringify(missing, null, 2));
  for (const problem of problems) console.error(problem);
}
