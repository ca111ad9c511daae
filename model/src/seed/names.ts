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

export const BIO_OPENERS = [
  'Known for sets that start gentle and end in a storm,',
  'Fresh from a sold-out club tour,',
  'A festival favourite for a decade,',
  'Discovered busking on a ferry,',
  'Raised on their parents’ record collection,',
  'After three years in the studio,',
];

export const BIO_CLOSERS = [
  'bring a new live show built around modular synths and brass.',
  'return with songs about coastlines, trains and long goodbyes.',
  'play their debut album front to back, for the first time outdoors.',
  'close the night with a two-hour extended set.',
  'invite friends on stage for a few surprises.',
  'mix field recordings from the venue into the set.',
];
