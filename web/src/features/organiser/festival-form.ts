import {
  contrastProblems,
  createFestivalInputSchema,
  FESTIVAL_LINK_KINDS,
  festivalSchema,
  normaliseLink,
  SOCIAL_HOSTS,
  type ContrastProblem,
  type CreateFestivalInput,
  type Festival,
  type FestivalColours,
  type FestivalLinkKind,
  type Locale,
} from '@encore/model';
import type { MessageDescriptor } from 'react-intl';
import { defineMessages } from 'react-intl';
import type { z } from 'zod';

/** What the create form holds, as typed. */
export interface FestivalFormValues {
  name: string;
  shortName: string;
  festivalId: string;
  startsOn: string;
  endsOn: string;
  timeZone: string;
  dayStartsAtHour: number;
  venue: string;
  address: string;
  /** The Help page's number to call (issue 36); empty: the default, 112. */
  emergencyNumber: string;
  description: string;
  languages: Locale[];
  defaultLanguage: Locale;
  primary: string;
  secondary: string;
  links: Record<FestivalLinkKind, string>;
}

/** The fields errors are shown beside: the festival's own, the id, the two colours and each link (`links.website`). */
export type FieldKey = Exclude<keyof FestivalFormValues, 'links'> | `links.${FestivalLinkKind}`;

export interface FieldError {
  message: MessageDescriptor;
  values?: Record<string, string | number>;
}
export type FieldErrors = Partial<Record<FieldKey, FieldError>>;

/** The app's own colours (web/src/styles/tokens.css), the form's starting point: they pass the contrast check. */
export const DEFAULT_COLOURS = { primary: '#c8185b', secondary: '#24102f' } as const;

export function emptyFestivalForm(timeZone: string): FestivalFormValues {
  return {
    name: '',
    shortName: '',
    festivalId: '',
    startsOn: '',
    endsOn: '',
    timeZone,
    dayStartsAtHour: 6,
    venue: '',
    address: '',
    emergencyNumber: '',
    description: '',
    languages: ['en', 'nl'],
    defaultLanguage: 'en',
    primary: DEFAULT_COLOURS.primary,
    secondary: DEFAULT_COLOURS.secondary,
    links: Object.fromEntries(FESTIVAL_LINK_KINDS.map((kind) => [kind, ''])) as Record<FestivalLinkKind, string>,
  };
}

/**
 * The form filled in from an existing festival's document: what it lacks takes the create form's
 * starting values (the hour 6, both languages, the app's colours), which are also what the app
 * uses for a festival without them.
 */
export function formOfFestival(festivalId: string, festival: Festival): FestivalFormValues {
  const empty = emptyFestivalForm(festival.timeZone);
  return {
    ...empty,
    name: festival.name,
    shortName: festival.shortName ?? '',
    festivalId,
    startsOn: festival.startsOn,
    endsOn: festival.endsOn,
    dayStartsAtHour: festival.dayStartsAtHour ?? empty.dayStartsAtHour,
    venue: festival.venue,
    address: festival.address ?? '',
    emergencyNumber: festival.emergencyNumber ?? '',
    description: festival.description ?? '',
    languages: festival.languages ?? empty.languages,
    defaultLanguage: festival.defaultLanguage ?? festival.languages?.[0] ?? empty.defaultLanguage,
    primary: festival.colours?.primary ?? empty.primary,
    secondary: festival.colours?.secondary ?? empty.secondary,
    links: { ...empty.links, ...festival.links },
  };
}

/** The festival's fields from what was typed: empty optional fields left out, links made https. */
export function toFestivalFields(values: FestivalFormValues): CreateFestivalInput['festival'] {
  const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
  const links = Object.fromEntries(FESTIVAL_LINK_KINDS.map((kind) => [kind, normaliseLink(values.links[kind])]).filter(([, url]) => url !== ''));
  const festival = {
    name: values.name.trim(),
    shortName: optional(values.shortName),
    timeZone: values.timeZone,
    startsOn: values.startsOn,
    endsOn: values.endsOn,
    dayStartsAtHour: values.dayStartsAtHour,
    venue: values.venue.trim(),
    address: optional(values.address),
    emergencyNumber: optional(values.emergencyNumber),
    description: optional(values.description),
    languages: values.languages,
    defaultLanguage: values.defaultLanguage,
    colours: { primary: values.primary.toLowerCase(), secondary: values.secondary.toLowerCase() },
    links: Object.keys(links).length > 0 ? links : undefined,
  };
  // Leave the absent optional fields out altogether: the schema is strict about what is there, not about undefined.
  return JSON.parse(JSON.stringify(festival)) as CreateFestivalInput['festival'];
}

/** The callable's request from what was typed. */
export function toCreateInput(values: FestivalFormValues): CreateFestivalInput {
  return { festivalId: values.festivalId.trim(), festival: toFestivalFields(values) };
}

export const fieldMessages = defineMessages({
  required: { id: 'organiser.errors.required', defaultMessage: 'Fill this in.' },
  tooLong: { id: 'organiser.errors.tooLong', defaultMessage: 'At most {max} characters.' },
  festivalId: { id: 'organiser.errors.festivalId', defaultMessage: 'Use lowercase letters, digits and dashes, starting with a letter or digit (at most 80).' },
  idTaken: { id: 'organiser.errors.idTaken', defaultMessage: 'A festival already has this address. Choose another one.' },
  date: { id: 'organiser.errors.date', defaultMessage: 'Choose a date.' },
  endsBeforeStart: { id: 'organiser.errors.endsBeforeStart', defaultMessage: 'The last day cannot be before the first day.' },
  timeZone: { id: 'organiser.errors.timeZone', defaultMessage: 'Choose a time zone from the list.' },
  hour: { id: 'organiser.errors.hour', defaultMessage: 'Choose an hour from 0 to 12.' },
  languages: { id: 'organiser.errors.languages', defaultMessage: 'Offer at least one language.' },
  defaultLanguage: { id: 'organiser.errors.defaultLanguage', defaultMessage: 'The default language must be one the festival offers.' },
  colour: { id: 'organiser.errors.colour', defaultMessage: 'Use a colour written as # and six hex digits, such as #c8185b.' },
  contrast: { id: 'organiser.errors.contrast', defaultMessage: 'Too little contrast: see the check under the colours.' },
  emergencyNumber: { id: 'organiser.errors.emergencyNumber', defaultMessage: 'Use digits only, a + first and spaces allowed, such as 112 or +31 20 555 0100.' },
  webAddress: { id: 'organiser.errors.webAddress', defaultMessage: 'Use a web address starting with https://, such as https://example.com.' },
  socialAddress: { id: 'organiser.errors.socialAddress', defaultMessage: 'Use an https link on {host}.' },
  invalid: { id: 'organiser.errors.invalid', defaultMessage: 'Check this field: the server refused it.' },
});

/** The field an issue's path names, within the request (`festival.colours.primary`) or the festival (`colours.primary`). */
export function fieldOf(path: ReadonlyArray<PropertyKey>): FieldKey | null {
  const parts = path.map(String);
  if (parts[0] === 'festivalId') return 'festivalId';
  const inFestival = parts[0] === 'festival' ? parts.slice(1) : parts;
  const [first, second] = inFestival;
  if (first === 'colours' && (second === 'primary' || second === 'secondary')) return second;
  if (first === 'links' && second && (FESTIVAL_LINK_KINDS as string[]).includes(second)) return `links.${second as FestivalLinkKind}`;
  const plain: FieldKey[] = ['name', 'shortName', 'festivalId', 'startsOn', 'endsOn', 'timeZone', 'dayStartsAtHour', 'venue', 'address', 'emergencyNumber', 'description', 'languages', 'defaultLanguage'];
  return plain.find((key) => key === first) ?? null;
}

/** A schema issue in words the person can act on, for the field it belongs to. */
export function describeIssue(field: FieldKey, issue: Pick<z.core.$ZodIssue, 'code'> & { maximum?: unknown; minimum?: unknown }): FieldError {
  if (issue.code === 'too_big' && typeof issue.maximum === 'number' && field !== 'dayStartsAtHour' && field !== 'languages') {
    return { message: fieldMessages.tooLong, values: { max: issue.maximum } };
  }
  switch (field) {
    case 'name':
    case 'venue':
      return { message: fieldMessages.required };
    case 'festivalId':
      return { message: fieldMessages.festivalId };
    case 'startsOn':
      return { message: fieldMessages.date };
    case 'endsOn':
      return { message: issue.code === 'custom' ? fieldMessages.endsBeforeStart : fieldMessages.date };
    case 'timeZone':
      return { message: fieldMessages.timeZone };
    case 'dayStartsAtHour':
      return { message: fieldMessages.hour };
    case 'languages':
      return { message: fieldMessages.languages };
    case 'defaultLanguage':
      return { message: fieldMessages.defaultLanguage };
    case 'primary':
    case 'secondary':
      return { message: fieldMessages.colour };
    case 'emergencyNumber':
      return { message: fieldMessages.emergencyNumber };
    case 'links.website':
    case 'links.tickets':
      return { message: fieldMessages.webAddress };
    default:
      if (field.startsWith('links.')) {
        const kind = field.slice('links.'.length) as keyof typeof SOCIAL_HOSTS;
        return { message: fieldMessages.socialAddress, values: { host: SOCIAL_HOSTS[kind].join(' / ') } };
      }
      return { message: fieldMessages.invalid };
  }
}

export interface Validation {
  input: CreateFestivalInput | null;
  errors: FieldErrors;
  contrast: ContrastProblem[];
}

/** Each schema issue beside its field (the first one per field), then the colours' contrast. */
function fieldErrorsOf(issues: ReadonlyArray<z.core.$ZodIssue>, colours: FestivalColours | undefined): { errors: FieldErrors; contrast: ContrastProblem[] } {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = fieldOf(issue.path);
    if (field && !errors[field]) errors[field] = describeIssue(field, issue as Parameters<typeof describeIssue>[1]);
  }
  const contrast = colours && !errors.primary && !errors.secondary ? contrastProblems(colours) : [];
  for (const problem of contrast) errors[problem.field] ??= { message: fieldMessages.contrast };
  return { errors, contrast };
}

/** The model's own checks, before anything is sent: the request's schema, then the colours' contrast. */
export function validateFestivalForm(values: FestivalFormValues): Validation {
  const input = toCreateInput(values);
  const parsed = createFestivalInputSchema.safeParse(input);
  const { errors, contrast } = fieldErrorsOf(parsed.success ? [] : parsed.error.issues, input.festival.colours);
  return { input: parsed.success && contrast.length === 0 ? parsed.data : null, errors, contrast };
}

/** The same checks for an existing festival's edit: its document's schema (the id is not the form's to change). */
export function validateFestivalFields(values: FestivalFormValues): { festival: Festival | null; errors: FieldErrors; contrast: ContrastProblem[] } {
  const festival = toFestivalFields(values);
  const parsed = festivalSchema.safeParse(festival);
  const { errors, contrast } = fieldErrorsOf(parsed.success ? [] : parsed.error.issues, festival.colours);
  return { festival: parsed.success && contrast.length === 0 ? parsed.data : null, errors, contrast };
}

const hexColour = /^#[0-9a-fA-F]{6}$/;
export const isHexColour = (value: string) => hexColour.test(value);

/**
 * What the server's refusal says about the fields: `already-exists` is the id's; an
 * `invalid-argument` names fields by their path, in `details.issues` / `details.fields`
 * (`{ path, message }` with a dotted or array path, or a dotted path alone) or in its message
 * (`festival.name: ...; festival.colours.primary: ...`). Null when it names no field.
 */
export function serverFieldErrors(error: unknown): FieldErrors | null {
  const { code, message, details } = (error ?? {}) as { code?: unknown; message?: unknown; details?: unknown };
  if (code === 'functions/already-exists' || code === 'already-exists') return { festivalId: { message: fieldMessages.idTaken } };
  if (code !== 'functions/invalid-argument' && code !== 'invalid-argument') return null;
  const paths: Array<ReadonlyArray<PropertyKey>> = [];
  const listed = details && typeof details === 'object' ? ((details as { issues?: unknown; fields?: unknown }).issues ?? (details as { fields?: unknown }).fields) : undefined;
  if (Array.isArray(listed)) {
    for (const entry of listed) {
      const path = typeof entry === 'string' ? entry : (entry as { path?: unknown } | null)?.path;
      if (typeof path === 'string') paths.push(path.split('.'));
      else if (Array.isArray(path)) paths.push(path as PropertyKey[]);
    }
  }
  if (typeof message === 'string') {
    for (const match of message.matchAll(/(?:^|;\s*)([A-Za-z][\w.]*):/g)) paths.push(match[1]!.split('.'));
  }
  const errors: FieldErrors = {};
  for (const path of paths) {
    const field = fieldOf(path);
    if (field) errors[field] ??= { message: fieldMessages.invalid };
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** Whether the server refused for want of a second factor (`permission-denied`, `details.reason`). */
export function needsSecondFactor(error: unknown): boolean {
  const { code, details } = (error ?? {}) as { code?: unknown; details?: unknown };
  return (code === 'functions/permission-denied' || code === 'permission-denied') && (details as { reason?: unknown } | null)?.reason === 'second-factor-needed';
}
