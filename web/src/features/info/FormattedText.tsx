import { Fragment, useMemo } from 'react';
import { parseSimpleFormat, type Inline } from './simple-format';

/** An info page's body (simple-format.ts) as elements: headings a level under the page's, lists, bold, safe links. */
export function FormattedText({ source, headingLevel = 2 }: { source: string; headingLevel?: 2 | 3 }) {
  const blocks = useMemo(() => parseSimpleFormat(source), [source]);
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="formatted-text">
      {blocks.map((block, index) =>
        block.kind === 'heading' ? (
          <Heading key={index}>
            <Inlines inlines={block.content} />
          </Heading>
        ) : block.kind === 'list' ? (
          <ul key={index}>
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>
                <Inlines inlines={item} />
              </li>
            ))}
          </ul>
        ) : (
          <p key={index}>
            {block.lines.map((line, lineIndex) => (
              <Fragment key={lineIndex}>
                {lineIndex > 0 ? <br /> : null}
                <Inlines inlines={line} />
              </Fragment>
            ))}
          </p>
        ),
      )}
    </div>
  );
}

function Inlines({ inlines }: { inlines: Inline[] }) {
  return (
    <>
      {inlines.map((inline, index) =>
        inline.kind === 'strong' ? (
          <strong key={index}>{inline.text}</strong>
        ) : inline.kind === 'link' ? (
          <a key={index} href={inline.href} rel="noopener noreferrer" target={inline.href.startsWith('https:') ? '_blank' : undefined}>
            {inline.text}
          </a>
        ) : (
          <Fragment key={index}>{inline.text}</Fragment>
        ),
      )}
    </>
  );
}
