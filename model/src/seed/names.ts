/** Word lists for the seed festival's made-up artists. Deterministic: order matters. */

export const ARTIST_FIRST = [
  'Velvet', 'Neon', 'Paper', 'Silver', 'Midnight', 'Golden', 'Electric', 'Hollow', 'Crystal', 'Wild',
  'Quiet', 'Lunar', 'Amber', 'Static', 'Coral', 'Northern', 'Glass', 'Iron', 'Violet', 'Honey',
];

export const ARTIST_SECOND = [
  'Owls', 'Harbour', 'Tides', 'Lanterns', 'Foxes', 'Satellites', 'Orchard', 'Machines', 'Rivers', 'Comets',
  'Parade', 'Signals', 'Gardens', 'Strangers', 'Engines', 'Wolves', 'Mirrors', 'Sparrows', 'Atlas', 'Echoes',
];

export const SOLO_NAMES = [
  'Noor Vermeulen', 'Kofi Mensah', 'Ines Carvalho', 'Mika Tanaka', 'Lars Eklund', 'Amara Okafor',
  'Zoë Lambert', 'Tomás Ruiz', 'Freya Lindqvist', 'Yara Haddad', 'Jonas Weber', 'Priya Raman',
  'DJ Sól', 'MC Kestrel', 'Aiyana Blackfeather', 'Oskar Nowak', 'Léa Moreau', 'Kwame Asante',
  'Hana Kim', 'Matteo Bianchi',
];

export const GENRES = [
  'indie', 'techno', 'house', 'hip-hop', 'folk', 'jazz', 'electronica', 'soul', 'punk', 'afrobeats',
  'ambient', 'pop', 'drum and bass', 'rock', 'r&b',
];

export const COUNTRIES = ['NL', 'BE', 'DE', 'FR', 'GB', 'SE', 'NO', 'GH', 'NG', 'JP', 'BR', 'PT', 'ES', 'IT', 'US', 'KR'];

/**
 * Bios are "<opener> <name> <closer>", and the words must agree with the name: a solo artist
 * takes a singular verb ("Amara Okafor closes the night"), a band a plural one, as British
 * English writes band names ("The Velvet Owls close the night"). Each piece therefore comes
 * in both forms; `encore-2026.ts` picks the one that fits.
 */
export interface AgreeingText {
  solo: string;
  band: string;
}

export const BIO_OPENERS: AgreeingText[] = [
  { solo: 'Known for sets that start gentle and end in a storm,', band: 'Known for sets that start gentle and end in a storm,' },
  { solo: 'Fresh from a sold-out club tour,', band: 'Fresh from a sold-out club tour,' },
  { solo: 'A festival favourite for a decade,', band: 'Festival favourites for a decade,' },
  { solo: 'Discovered busking on a ferry,', band: 'Discovered busking on a ferry,' },
  { solo: 'Raised on a record collection of soul and krautrock,', band: 'Raised on a record collection of soul and krautrock,' },
  { solo: 'After three years in the studio,', band: 'After three years in the studio,' },
];

export const BIO_CLOSERS: AgreeingText[] = [
  { solo: 'brings a new live show built around modular synths and brass.', band: 'bring a new live show built around modular synths and brass.' },
  { solo: 'returns with songs about coastlines, trains and long goodbyes.', band: 'return with songs about coastlines, trains and long goodbyes.' },
  { solo: 'plays the new album front to back, for the first time outdoors.', band: 'play the new album front to back, for the first time outdoors.' },
  { solo: 'closes the night with a two-hour extended set.', band: 'close the night with a two-hour extended set.' },
  { solo: 'invites friends on stage for a few surprises.', band: 'invite friends on stage for a few surprises.' },
  { solo: 'mixes field recordings from the venue into the set.', band: 'mix field recordings from the venue into the set.' },
];
