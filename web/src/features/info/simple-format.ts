/**
 * The info pages' formatting: a tiny, safe subset of Markdown, parsed into blocks that
 * FormattedText renders as React elements (never HTML: there is nothing to inject).
 *
 * - a line starting `## ` is a heading;
 * - lines starting `- ` or `* ` are a list;
 * - other lines are paragraphs, separated by a blank line (a single line break is kept);
 * - inline: `**bold**`, and `[text](https://…)` links (https, mailto: and tel: only; any
 *   other link stays plain text).
 */
export type Inline = { kind: 'text'; text: string } | { kind: 'strong'; text: string } | { kind: 'link'; text: string; href: string };
export type Block = { kind: 'heading'; content: Inline[] } | { kind: 'paragraph'; lines: Inline[][] } | { kind: 'list'; items: Inline[][] };

const INLINE = /\*\*([^*]+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
const SAFE_HREF = /^(https:\/\/[^\s]+|mailto:[^\s]+|tel:[+0-9 ()-]+)$/;

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    if (match.index > last) out.push({ kind: 'text', text: text.slice(last, match.index) });
    if (match[1] !== undefined) out.push({ kind: 'strong', text: match[1] });
    else if (SAFE_HREF.test(match[3]!)) out.push({ kind: 'link', text: match[2]!, href: match[3]! });
    else out.push({ kind: 'text', text: match[0] });
    last = match.index + match[0].length;
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) });
  return out;
}

export function parseSimpleFormat(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: Inline[][] | null = null;
  let list: Inline[][] | null = null;
  const close = () => {
    paragraph = null;
    list = null;
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (line === '') {
      close();
      continue;
    }
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (heading) {
      close();
      blocks.push({ kind: 'heading', content: parseInline(heading[1]!) });
      continue;
    }
    const item = /^[-*]\s+(.*)$/.exec(line);
    if (item) {
      if (!list) {
        paragraph = null;
        list = [];
        blocks.push({ kind: 'list', items: list });
      }
      list.push(parseInline(item[1]!));
      continue;
    }
    if (!paragraph) {
      list = null;
      paragraph = [];
      blocks.push({ kind: 'paragraph', lines: paragraph });
    }
    paragraph.push(parseInline(line));
  }
  return blocks;
}

/** The words of a formatted text without its marks, for search and snippets. */
export function plainText(source: string): string {
  return parseSimpleFormat(source)
    .flatMap((block) => (block.kind === 'heading' ? [block.content] : block.kind === 'list' ? block.items : block.lines))
    .map((inlines) => inlines.map((inline) => inline.text).join(''))
    .join('\n');
}
