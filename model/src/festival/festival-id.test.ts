import { describe, expect, it } from 'vitest';
import { slugIdSchema } from '../schemas/common.js';
import { suggestFestivalId } from './festival-id.js';

describe('suggestFestivalId', () => {
  it('makes a slug of the name and the first year', () => {
    expect(suggestFestivalId('Zomer Klanken', '2027-07-02')).toBe('zomer-klanken-2027');
  });

  it('keeps the letters under accents, drops signs, and does not repeat a year the name has', () => {
    expect(suggestFestivalId('Fête de l’Été 2027!', '2027-06-21')).toBe('fete-de-l-ete-2027');
  });

  it('always gives an id the schema accepts', () => {
    for (const name of ['', '!!!', '-a-', 'x'.repeat(200), 'Ølstock']) expect(slugIdSchema.safeParse(suggestFestivalId(name, '2027-01-01')).success).toBe(true);
  });
});
