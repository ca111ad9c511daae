import type { InfoPage } from '../schemas/info.js';

/**
 * A festival's info pages as one Markdown file an admin can keep, read and print. Markdown
 * rather than JSON because the bodies are written in a subset of Markdown already (headings,
 * lists, bold, links: web/src/features/info/simple-format.ts), so the file reads as the pages
 * do, in any text editor or Markdown viewer; JSON would carry the same text as escaped strings.
 *
 * Each page is a `##` heading with both languages' titles, then each language that has text
 * under `###`; a body's own `## ` headings move down to `#### ` to stay under their page. An
 * HTML comment before each page (invisible when rendered) holds its id and order, so the
 * pages could be read back: split on those comments, take each `### English` / `### Nederlands`
 * part, and move `#### ` back to `## `. That reader is not built.
 */

export type ExportedInfoPage = Pick<InfoPage, 'order' | 'title' | 'body'> & { id: string };

const LANGUAGES = [
  { key: 'en', name: 'English' },
  { key: 'nl', name: 'Nederlands' },
] as const;

/** `heading` and `intro` come in the admin's language from the page that asks. */
export function infoPagesMarkdown(pages: readonly ExportedInfoPage[], text: { heading: string; intro: string }): string {
  const sorted = [...pages].sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
  const parts = [`# ${text.heading}`, text.intro, ...sorted.map(pageMarkdown)];
  return `${parts.join('\n\n')}\n`;
}

function pageMarkdown(page: ExportedInfoPage): string {
  const titles = [...new Set([page.title.en, page.title.nl].filter((title) => title.length > 0))];
  const languages = LANGUAGES.filter(({ key }) => page.title[key].length > 0 || page.body[key].length > 0).map(({ key, name }) =>
    [`### ${name}${page.title[key] ? `: ${page.title[key]}` : ''}`, underPage(page.body[key])].filter((part) => part.length > 0).join('\n\n'),
  );
  return [`<!-- info-page id="${page.id}" order="${page.order}" -->`, `## ${titles.join(' · ')}`, ...languages].join('\n\n');
}

/** A body's `## ` headings two levels down, under the page's `##` and the language's `###`. */
function underPage(body: string): string {
  return body
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => (/^\s*## /.test(line) ? line.replace(/^\s*## /, '#### ') : line))
    .join('\n')
    .trim();
}
