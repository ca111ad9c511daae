// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { emptyFestivalForm, fieldMessages, fieldOf, needsSecondFactor, serverFieldErrors, toCreateInput, validateFestivalForm } from './festival-form';
import { festivalHref } from './festival-href';

describe('the create form’s model', () => {
  it('leaves empty optional fields out and makes typed links https', () => {
    const values = { ...emptyFestivalForm('Europe/Amsterdam'), name: ' Zomer ', festivalId: 'zomer-2027', startsOn: '2027-07-02', endsOn: '2027-07-02', venue: 'Park' };
    values.links = { ...values.links, tickets: 'tickets.example.com/zomer' };
    const input = toCreateInput(values);
    expect(input.festival).toEqual({
      name: 'Zomer',
      timeZone: 'Europe/Amsterdam',
      startsOn: '2027-07-02',
      endsOn: '2027-07-02',
      dayStartsAtHour: 6,
      venue: 'Park',
      languages: ['en', 'nl'],
      defaultLanguage: 'en',
      colours: { primary: '#c8185b', secondary: '#24102f' },
      links: { tickets: 'https://tickets.example.com/zomer' },
    });
    expect(validateFestivalForm(values)).toMatchObject({ errors: {}, contrast: [], input });
  });

  it('names the field of a path inside the request or the festival', () => {
    expect(fieldOf(['festivalId'])).toBe('festivalId');
    expect(fieldOf(['festival', 'colours', 'primary'])).toBe('primary');
    expect(fieldOf(['colours', 'secondary'])).toBe('secondary');
    expect(fieldOf(['festival', 'links', 'bluesky'])).toBe('links.bluesky');
    expect(fieldOf(['festival', 'endsOn'])).toBe('endsOn');
    expect(fieldOf(['festival'])).toBeNull();
  });

  it('maps the server’s refusals to fields, from details or from the message', () => {
    expect(serverFieldErrors({ code: 'functions/already-exists' })).toEqual({ festivalId: { message: fieldMessages.idTaken } });
    const refused = { message: fieldMessages.invalid };
    expect(serverFieldErrors({ code: 'functions/invalid-argument', details: { issues: [{ path: ['festival', 'venue'] }, { path: 'festival.links.website' }] } })).toEqual({ venue: refused, 'links.website': refused });
    expect(serverFieldErrors({ code: 'functions/invalid-argument', details: { fields: ['festival.colours.primary'] } })).toEqual({ primary: refused });
    expect(serverFieldErrors({ code: 'functions/invalid-argument', message: 'festival.name: too long; festivalId: taken' })).toEqual({ name: refused, festivalId: refused });
    expect(serverFieldErrors({ code: 'functions/invalid-argument', message: 'bad request' })).toBeNull();
    expect(serverFieldErrors({ code: 'functions/internal', message: 'festival.name: x' })).toBeNull();
  });

  it('knows the second-factor refusal', () => {
    expect(needsSecondFactor({ code: 'functions/permission-denied', details: { reason: 'second-factor-needed' } })).toBe(true);
    expect(needsSecondFactor({ code: 'functions/permission-denied' })).toBe(false);
  });

  it('builds plain absolute festival hrefs', () => {
    expect(festivalHref('zomer-2027', '/staff')).toBe('/f/zomer-2027/staff');
    expect(festivalHref('zomer-2027', 'staff/programme')).toBe('/f/zomer-2027/staff/programme');
    expect(festivalHref('zomer-2027')).toBe('/f/zomer-2027');
  });
});
