import { describe, expect, it } from 'vitest';
import { MEETUP_POINT_LABEL_MAX, meetupPlaceSchema } from './groups.js';

describe('a meet-up place', () => {
  it('is a stage or facility (its marker, named) or a free point of the plan, named or not', () => {
    expect(meetupPlaceSchema.safeParse({ x: 0.4, y: 0.6, label: 'Main Stage', markerId: 'main-stage' }).success).toBe(true);
    expect(meetupPlaceSchema.safeParse({ x: 0, y: 1, label: 'the big tree' }).success).toBe(true);
    expect(meetupPlaceSchema.safeParse({ x: 0.25, y: 0.75 }).success).toBe(true);
  });

  it('refuses a point off the plan, a stage without its name, an empty label and a long one for a point, saying which field', () => {
    const problems = (place: unknown) => {
      const parsed = meetupPlaceSchema.safeParse(place);
      return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    };
    expect(problems({ x: 1.01, y: 0.5 })).toEqual([expect.stringMatching(/^x: /)]);
    expect(problems({ x: 0.5, y: -0.1 })).toEqual([expect.stringMatching(/^y: /)]);
    expect(problems({ x: 0.5, y: 0.5, markerId: 'main-stage' })).toEqual(['label: a stage or facility is named by its label']);
    expect(problems({ x: 0.5, y: 0.5, label: '   ' })).toEqual([expect.stringMatching(/^label: /)]);
    expect(problems({ x: 0.5, y: 0.5, label: 'x'.repeat(MEETUP_POINT_LABEL_MAX + 1) })).toEqual([`label: a point's label is at most ${MEETUP_POINT_LABEL_MAX} characters`]);
    expect(problems({ x: 0.5, y: 0.5, label: 'x'.repeat(MEETUP_POINT_LABEL_MAX + 1), markerId: 'main-stage' })).toEqual([]);
  });
});
