import { z } from 'zod';

/**
 * An artist's links: their website, their socials and one place to listen. Every link is an
 * https URL (never http, javascript: or data:), and a social link must point at that social
 * network, so a page cannot be made to send visitors somewhere its label does not say.
 * firestore.rules checks the same patterns (ARTIST_LINK_PATTERNS, as regular expressions the
 * rules language and JavaScript read alike).
 */

/** Any https URL on a named host (letters, digits, dots and dashes, with a dot), optionally a port, path, query or fragment; no spaces, no user:password@. */
const ANY_HOST = '^https://[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)+(:[0-9]{1,5})?([/?#][^\\s]*)?$';
/** https on `host` or a subdomain of it (www., m., music.), lower case as URL normalisation leaves it. */
const onHost = (...hosts: string[]) => `^https://([a-z0-9-]+\\.)*(${hosts.map((host) => host.replace(/\./g, '\\.')).join('|')})([/?#][^\\s]*)?$`;

/** The hosts a social link must be on (or a subdomain of). */
export const SOCIAL_HOSTS = {
  instagram: ['instagram.com'],
  tiktok: ['tiktok.com'],
  youtube: ['youtube.com', 'youtu.be'],
  facebook: ['facebook.com'],
  bluesky: ['bsky.app'],
} as const;

export const ARTIST_LINK_PATTERNS = {
  website: ANY_HOST,
  /** Where to listen: any streaming service or shop (Bandcamp, Spotify, SoundCloud...). */
  listen: ANY_HOST,
  instagram: onHost(...SOCIAL_HOSTS.instagram),
  tiktok: onHost(...SOCIAL_HOSTS.tiktok),
  youtube: onHost(...SOCIAL_HOSTS.youtube),
  facebook: onHost(...SOCIAL_HOSTS.facebook),
  bluesky: onHost(...SOCIAL_HOSTS.bluesky),
} as const;

export type ArtistLinkKind = keyof typeof ARTIST_LINK_PATTERNS;

/**
 * A festival's own links (issue 35): its website, where to buy tickets, its socials. The same
 * patterns as an artist's (firestore.rules checks them in validFestival).
 */
export const FESTIVAL_LINK_PATTERNS = {
  website: ANY_HOST,
  tickets: ANY_HOST,
  instagram: ARTIST_LINK_PATTERNS.instagram,
  tiktok: ARTIST_LINK_PATTERNS.tiktok,
  youtube: ARTIST_LINK_PATTERNS.youtube,
  facebook: ARTIST_LINK_PATTERNS.facebook,
  bluesky: ARTIST_LINK_PATTERNS.bluesky,
} as const;
export type FestivalLinkKind = keyof typeof FESTIVAL_LINK_PATTERNS;
export const FESTIVAL_LINK_KINDS = Object.keys(FESTIVAL_LINK_PATTERNS) as FestivalLinkKind[];
export const ARTIST_LINK_KINDS = Object.keys(ARTIST_LINK_PATTERNS) as ArtistLinkKind[];
export const MAX_LINK_LENGTH = 500;

function linkSchema(kind: ArtistLinkKind | FestivalLinkKind) {
  const pattern = new RegExp({ ...ARTIST_LINK_PATTERNS, ...FESTIVAL_LINK_PATTERNS }[kind]);
  return z
    .string()
    .max(MAX_LINK_LENGTH)
    .refine((value) => value.startsWith('https://'), 'must start with https://')
    .refine((value) => pattern.test(value), kind === 'website' || kind === 'listen' || kind === 'tickets' ? 'must be a web address such as https://example.com' : `must be a link on ${SOCIAL_HOSTS[kind].join(' or ')}`)
    .refine((value) => URL.canParse(value), 'must be a valid web address');
}

/** `links` of an artist: each kind at most once, all optional. */
export const artistLinksSchema = z
  .object(Object.fromEntries(ARTIST_LINK_KINDS.map((kind) => [kind, linkSchema(kind).optional()])) as Record<ArtistLinkKind, z.ZodOptional<ReturnType<typeof linkSchema>>>)
  .strict();
export type ArtistLinks = z.infer<typeof artistLinksSchema>;

/** `links` of a festival: each kind at most once, all optional. */
export const festivalLinksSchema = z
  .object(Object.fromEntries(FESTIVAL_LINK_KINDS.map((kind) => [kind, linkSchema(kind).optional()])) as Record<FestivalLinkKind, z.ZodOptional<ReturnType<typeof linkSchema>>>)
  .strict();
export type FestivalLinks = z.infer<typeof festivalLinksSchema>;

/**
 * What staff type, made into the form the schema and the rules accept: trimmed, `https://`
 * added when no scheme was typed, host lower-cased by URL normalisation. `http://` stays
 * (and is refused with a clear message): upgrading it silently could point at another site.
 */
export function normaliseLink(input: string): string {
  const trimmed = input.trim();
  if (trimmed === '') return '';
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    return new URL(withScheme).href;
  } catch {
    return withScheme;
  }
}
