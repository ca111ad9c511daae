import { describe, expect, it } from 'vitest';
import { artistLinksSchema, normaliseLink } from './artist-links.js';
import { artistInputSchema, artistSchema } from './festival.js';

const messages = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('artist links', () => {
  it('accept https links, socials on their own network (subdomains too)', () => {
    const links = {
      website: 'https://thenightjars.example/',
      listen: 'https://thenightjars.bandcamp.com/album/tides',
      instagram: 'https://www.instagram.com/thenightjars',
      youtube: 'https://youtu.be/abc123',
      bluesky: 'https://bsky.app/profile/nightjars.example',
    };
    expect(artistLinksSchema.parse(links)).toEqual(links);
  });

  it('refuse http, javascript: and data: links with a reason', () => {
    expect(messages(artistLinksSchema.safeParse({ website: 'http://example.com/' }))[0]).toBe('website: must start with https://');
    expect(artistLinksSchema.safeParse({ listen: 'javascript:alert(1)' }).success).toBe(false);
    expect(artistLinksSchema.safeParse({ website: 'data:text/html,<script>alert(1)</script>' }).success).toBe(false);
  });

  it('refuse a social link that points elsewhere than its network', () => {
    expect(messages(artistLinksSchema.safeParse({ instagram: 'https://instagram.com.evil.example/x' }))).toEqual(['instagram: must be a link on instagram.com']);
    expect(artistLinksSchema.safeParse({ facebook: 'https://notfacebook.com/x' }).success).toBe(false);
  });

  it('refuse addresses with credentials or spaces, and kinds it does not know', () => {
    expect(artistLinksSchema.safeParse({ website: 'https://user:pw@example.com/' }).success).toBe(false);
    expect(artistLinksSchema.safeParse({ website: 'https://example.com/a b' }).success).toBe(false);
    expect(artistLinksSchema.safeParse({ myspace: 'https://myspace.com/x' }).success).toBe(false);
  });

  it('normalise what staff type: https added, host lower-cased, http kept so it is refused', () => {
    expect(normaliseLink('  Instagram.com/TheNightjars ')).toBe('https://instagram.com/TheNightjars');
    expect(normaliseLink('http://example.com')).toBe('http://example.com/');
    expect(normaliseLink('')).toBe('');
  });

  it('are staff input on the artist; the picture fields are not', () => {
    const artist = { name: 'The Nightjars', bio: '', genres: [], links: { website: 'https://nightjars.example/' } };
    expect(artistInputSchema.parse(artist)).toEqual(artist);
    expect(artistInputSchema.safeParse({ ...artist, image: null }).success).toBe(false);
    expect(artistSchema.safeParse({ ...artist, image: null }).success).toBe(true);
  });
});
