import { describe, expect, it } from 'vitest';
import { parseInline, parseSimpleFormat, plainText } from './simple-format';

describe('the info pages’ formatting', () => {
  it('reads headings, paragraphs with their line breaks, and lists', () => {
    expect(parseSimpleFormat('## Lost your wristband?\nGo to the booth.\nBring ID.\n\n- one\n- **two**\n\nEnd.')).toEqual([
      { kind: 'heading', content: [{ kind: 'text', text: 'Lost your wristband?' }] },
      { kind: 'paragraph', lines: [[{ kind: 'text', text: 'Go to the booth.' }], [{ kind: 'text', text: 'Bring ID.' }]] },
      { kind: 'list', items: [[{ kind: 'text', text: 'one' }], [{ kind: 'strong', text: 'two' }]] },
      { kind: 'paragraph', lines: [[{ kind: 'text', text: 'End.' }]] },
    ]);
  });

  it('makes https, mailto and tel links, and leaves any other link as its plain text', () => {
    expect(parseInline('Plan at [9292](https://9292.nl/en) or [mail](mailto:lost@encore.example).')).toEqual([
      { kind: 'text', text: 'Plan at ' },
      { kind: 'link', text: '9292', href: 'https://9292.nl/en' },
      { kind: 'text', text: ' or ' },
      { kind: 'link', text: 'mail', href: 'mailto:lost@encore.example' },
      { kind: 'text', text: '.' },
    ]);
    expect(parseInline('[click](javascript:alert(1))')).toEqual([{ kind: 'text', text: '[click](javascript:alert(1)' }, { kind: 'text', text: ')' }]);
    expect(parseInline('[old](http://example.com)')).toEqual([{ kind: 'text', text: '[old](http://example.com)' }]);
  });

  it('keeps HTML as text: there is no HTML in this format', () => {
    expect(parseSimpleFormat('<img src=x onerror=alert(1)>')).toEqual([{ kind: 'paragraph', lines: [[{ kind: 'text', text: '<img src=x onerror=alert(1)>' }]] }]);
  });

  it('gives the plain words for search', () => {
    expect(plainText('## Hours\n- **Friday**: 15:00\n\nSee [the map](https://encore.example/map).')).toBe('Hours\nFriday: 15:00\nSee the map.');
  });
});
