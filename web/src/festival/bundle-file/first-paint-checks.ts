import type { Artist, Festival, Performance, Stage } from '@encore/model';
import type { PlainValue } from './typed-values';

/**
 * The checks the programme's first paint makes on the bundle's documents, in a few hundred
 * bytes instead of zod (25 KB gzipped) on the first download: each document must have the
 * fields, of the types, the programme's views read, or it is left out, as the live path
 * leaves out a document its schema refuses. The full schemas of @encore/model check every
 * document where the collections' listeners run (staff pages, an app with no bundle:
 * festival-listeners.ts) and wherever data is written.
 */
type Data = { [field: string]: PlainValue };

const isText = (value: PlainValue | undefined): value is string => typeof value === 'string' && value.trim().length > 0;
const isString = (value: PlainValue | undefined): value is string => typeof value === 'string';
const isCount = (value: PlainValue | undefined): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;
const isDate = (value: PlainValue | undefined): value is Date => value instanceof Date && !Number.isNaN(value.getTime());
const isMap = (value: PlainValue | undefined): boolean => typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date) && !(value instanceof Uint8Array);
const optional = (value: PlainValue | undefined, check: (value: PlainValue) => boolean) => value === undefined || check(value);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function festivalOrNull(data: Data): Festival | null {
  const { name, timeZone, startsOn, endsOn, venue, dayStartsAtHour, description } = data;
  if (!isText(name) || !isText(timeZone) || !isText(venue)) return null;
  if (!isString(startsOn) || !ISO_DATE.test(startsOn) || !isString(endsOn) || !ISO_DATE.test(endsOn) || endsOn < startsOn) return null;
  if (!optional(dayStartsAtHour, (hour) => isCount(hour) && hour <= 12) || !optional(description, isString)) return null;
  return data as unknown as Festival;
}

export function stageOrNull(data: Data): Stage | null {
  if (!isText(data['name']) || !isCount(data['order']) || !optional(data['color'], isString)) return null;
  return data as unknown as Stage;
}

export function artistOrNull(data: Data): Artist | null {
  const { name, bio, genres, country, links, image, imageUpload } = data;
  if (!isText(name) || !isString(bio) || !Array.isArray(genres) || !genres.every(isText)) return null;
  if (!optional(country, isString) || !optional(links, isMap) || !optional(imageUpload, isMap)) return null;
  if (!optional(image, (value) => value === null || (isMap(value) && Array.isArray((value as Data)['renditions'])))) return null;
  return data as unknown as Artist;
}

export function performanceOrNull(data: Data): Performance | null {
  const { artistId, stageId, startsAt, endsAt, status, title, favoriteCount, photoCount } = data;
  if (!isText(artistId) || !isText(stageId) || !isDate(startsAt) || !isDate(endsAt) || endsAt.getTime() <= startsAt.getTime()) return null;
  if ((status !== 'scheduled' && status !== 'cancelled') || !optional(title, isString) || !optional(favoriteCount, isCount) || !optional(photoCount, isCount)) return null;
  return data as unknown as Performance;
}
