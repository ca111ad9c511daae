import type { Festival } from '@encore/model';
import type { IntlShape, MessageDescriptor } from 'react-intl';
import { shortInstantLabel } from '../../time/format';

// Plain descriptors: react-intl's defineMessages types its entries as taking no values.
const messages = {
  none: { id: 'history.value.none', defaultMessage: '(none)' },
  empty: { id: 'history.value.empty', defaultMessage: '(empty)' },
  yes: { id: 'history.value.yes', defaultMessage: 'yes' },
  no: { id: 'history.value.no', defaultMessage: 'no' },
  items: { id: 'history.value.items', defaultMessage: '{count, plural, one {# item} other {# items}}' },
} satisfies Record<string, MessageDescriptor>;

/** How a stored id reads: the names the programme knows for stages and artists. */
export interface Names {
  stage(id: string): string | undefined;
  artist(id: string): string | undefined;
}

const MAX_TEXT = 160;
const clip = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text);

const isMap = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/**
 * A stored value as a person reads it: times in the festival's zone ("Sat 15 Aug, 21:30"), a
 * stage or artist by its name, a list of words as words, a longer list as its size, a map as
 * its fields; long text clipped. `field` says what the value is (a `stageId` is a stage).
 */
export function readableValue(intl: IntlShape, value: unknown, field: string, festival: Pick<Festival, 'timeZone'>, names: Names): string {
  if (value === null || value === undefined) return intl.formatMessage(messages.none);
  if (value instanceof Date) return shortInstantLabel(intl, value, festival);
  if (typeof value === 'boolean') return intl.formatMessage(value ? messages.yes : messages.no);
  if (typeof value === 'number') return intl.formatNumber(value);
  if (typeof value === 'string') {
    if (value === '') return intl.formatMessage(messages.empty);
    const named = field === 'stageId' ? names.stage(value) : field === 'artistId' ? names.artist(value) : undefined;
    return clip(named ?? value);
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return intl.formatMessage(messages.empty);
    const words = value.every((item) => typeof item === 'string' || typeof item === 'number');
    return words && value.length <= 10 ? clip(value.join(', ')) : intl.formatMessage(messages.items, { count: value.length });
  }
  if (isMap(value)) {
    const fields = Object.entries(value);
    if (fields.length === 0) return intl.formatMessage(messages.empty);
    return clip(fields.map(([key, inner]) => `${key}: ${isMap(inner) || Array.isArray(inner) ? intl.formatMessage(messages.items, { count: Object.keys(inner as object).length }) : readableValue(intl, inner, key, festival, names)}`).join(' · '));
  }
  return clip(String(value));
}
