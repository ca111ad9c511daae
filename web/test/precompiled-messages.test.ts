// @vitest-environment node
/**
 * The build's precompiled messages (vite/precompiled-messages.ts): what it puts in place of
 * ICU text is what react-intl's runtime parser would have made of it, and what it cannot
 * compile stops the build.
 */
import { parse } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { parseAst, type Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { compileCatalog, precompiledMessages } from '../vite/precompiled-messages';

const transform = (code: string) => {
  const plugin = precompiledMessages().find((item) => item.name === 'encore-precompiled-default-messages')! as Plugin & { transform: (this: unknown, code: string, id: string) => { code: string } | null };
  const context = {
    parse: (source: string) => parseAst(source),
    error: (message: string) => {
      throw new Error(message);
    },
  };
  return plugin.transform.call(context, code, '/app/web/src/features/programme/Example.tsx');
};

describe('precompiled messages', () => {
  it('compiles a catalog to the ASTs the runtime parser makes, which format the same', () => {
    const catalog = { 'programme.day.sets': '{count, plural, one {# optreden} other {# optredens}}', 'app.layout.skip': 'Naar de inhoud' };
    const compiled = compileCatalog(catalog);
    expect(compiled['programme.day.sets']).toEqual(parse(catalog['programme.day.sets']));
    expect(new IntlMessageFormat(compiled['programme.day.sets']!, 'nl').format({ count: 3 })).toBe('3 optredens');
    expect(() => compileCatalog({ broken: '{count, plural, one {#}' })).toThrow(/broken: not an ICU message/);
  });

  it("replaces every defaultMessage string of the app's code (descriptor objects and JSX props alike) with its AST", () => {
    const code = [
      `const messages = { title: { id: 'a.b.title', defaultMessage: 'Hello {name}' }, plain: { id: 'a.b.plain', "defaultMessage": \`Plain\` } };`,
      `const props = jsx(FormattedMessage, { id: 'a.b.sets', defaultMessage: '{count, plural, one {# set} other {# sets}}' });`,
      `const other = { message: 'not a defaultMessage' };`,
    ].join('\n');
    const result = transform(code)!;
    expect(result.code.split('\n')).toHaveLength(3);
    type Descriptor = { defaultMessage: unknown };
    const run = new Function('jsx', 'FormattedMessage', `${result.code}\nreturn { messages, props, other };`) as (jsx: unknown, component: unknown) => {
      messages: Record<string, Descriptor>;
      props: Descriptor;
      other: unknown;
    };
    const { messages, props, other } = run((_component: unknown, jsxProps: unknown) => jsxProps, null);
    expect(messages['title']!.defaultMessage).toEqual(parse('Hello {name}'));
    expect(messages['plain']!.defaultMessage).toEqual(parse('Plain'));
    expect(props.defaultMessage).toEqual(parse('{count, plural, one {# set} other {# sets}}'));
    expect(other).toEqual({ message: 'not a defaultMessage' });
  });

  it('stops the build at a defaultMessage that is not a plain string', () => {
    expect(() => transform('const m = { id: "a.b.c", defaultMessage: "Hello " + name };')).toThrow(/must be a plain string/);
  });
});
