// @vitest-environment node
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { dutchCatalogs, extractMessages } from './extract';

const { messages, problems } = extractMessages();
const catalogs = dutchCatalogs();
const dutch: Record<string, string> = Object.assign({}, ...Object.values(catalogs));
const used = new Set(messages.map((message) => message.id));

/** The argument names and tags of an ICU message, sorted: what a translation must keep. */
function argumentsOf(text: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.argument || element.type === TYPE.number || element.type === TYPE.date || element.type === TYPE.time) names.add(element.value);
      if (element.type === TYPE.tag) {
        names.add(`<${element.value}>`);
        walk(element.children);
      }
      if (element.type === TYPE.plural || element.type === TYPE.select) {
        names.add(element.value);
        for (const option of Object.values(element.options)) walk(option.value);
      }
    }
  };
  walk(parse(text));
  return [...names].sort();
}

/** Where a source file's messages belong: its feature folder, or its top-level folder. */
function areaOf(file: string): string {
  const parts = file.split('/');
  return parts[0] === 'features' ? parts[1]! : parts[0]!;
}

describe('the message catalogs', () => {
  it('finds the messages in web/src, each with a literal id and English text', () => {
    expect(problems).toEqual([]);
    expect(messages.length).toBeGreaterThan(300);
  });

  it('has a Dutch translation for every message id used in web/src', () => {
    expect(messages.filter((message) => !(message.id in dutch)).map((message) => `${message.id} (${message.file})`)).toEqual([]);
  });

  it('has no Dutch id that web/src does not use', () => {
    expect(Object.keys(dutch).filter((id) => !used.has(id))).toEqual([]);
  });

  it('gives each id one English text', () => {
    const texts = new Map<string, Set<string>>();
    for (const message of messages) texts.set(message.id, (texts.get(message.id) ?? new Set()).add(message.defaultMessage));
    expect([...texts].filter(([, variants]) => variants.size > 1).map(([id]) => id)).toEqual([]);
  });

  it('names ids area.component.key and keeps each area in its own Dutch file', () => {
    for (const message of messages) {
      expect(message.id, message.file).toMatch(/^[a-z]+(?:-[a-z]+)*\.[a-zA-Z]+\.[a-zA-Z]+$/);
      expect(message.id.split('.')[0], `${message.id} in ${message.file}`).toBe(areaOf(message.file));
    }
    for (const [file, entries] of Object.entries(catalogs)) {
      for (const id of Object.keys(entries)) expect(id.split('.')[0], `${id} in nl/${file}.json`).toBe(file);
    }
  });

  it('keeps every placeholder, plural and tag of the English text in the Dutch one', () => {
    const mismatches = messages
      .filter((message) => message.id in dutch)
      .filter((message) => argumentsOf(message.defaultMessage).join() !== argumentsOf(dutch[message.id]!).join())
      .map((message) => message.id);
    expect(mismatches).toEqual([]);
  });
});
