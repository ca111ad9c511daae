import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreateFestivalInput } from '@encore/model';
import { renderWithIntl } from '../../i18n/test-utils';
import { CreateFestivalForm } from './CreateFestivalForm';

const createFestival = vi.fn<(input: CreateFestivalInput) => Promise<{ festivalId: string }>>();
vi.mock('./api/create-festival', () => ({ createFestival: (input: CreateFestivalInput) => createFestival(input) }));

// The machine these run on may be busy: role queries over this long form cost a second each
// there, so fields are found by their label and buttons by their text.
vi.setConfig({ testTimeout: 30_000 });
const textbox = (name: string) => screen.getByLabelText(name, { selector: 'input, textarea' }) as HTMLInputElement;
const button = (name: string) => {
  const found = screen.getByText(name).closest('button');
  if (!found) throw new Error(`no button ${name}`);
  return found;
};
/** Types a whole value at once (a paste), as slow machines time out on key-by-key typing of long forms. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}
/** The text a field's aria-describedby points at (its hint and its error). */
const describedBy = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');
/** Types a day into the date field's segments (day, month, year: the order of en-GB and nl-NL). */
async function setDate(user: ReturnType<typeof userEvent.setup>, label: string, isoDate: string) {
  const [year, month, day] = isoDate.split('-');
  const segments = within(screen.getByRole('group', { name: label })).getAllByRole('spinbutton');
  await user.click(segments[0]!);
  await user.keyboard(`${day}${month}${year}`);
}
/** The date field's group, which carries its description (the error) and invalid state. */
const dateGroup = (label: string) => screen.getByRole('group', { name: label });

async function fillValidFestival(user: ReturnType<typeof userEvent.setup>, endsOn = '2027-07-04') {
  await fill(user, textbox('Name'), 'Zomer Klanken');
  await setDate(user, 'First day', '2027-07-02');
  await setDate(user, 'Last day', endsOn);
  await fill(user, textbox('Venue'), 'Het Park');
}

beforeEach(() => {
  createFestival.mockReset();
});

describe('CreateFestivalForm', () => {
  it('proposes the address from the short name (or name) and the year, and lets it be edited', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithIntl(<CreateFestivalForm navigate={() => {}} />);
    await fill(user, textbox('Name'), 'Zomer Klanken Festival');
    await setDate(user, 'First day', '2027-07-02');
    expect(textbox('Web address').value).toBe('zomer-klanken-festival-2027');
    await fill(user, textbox('Short name'), 'Zomer Klanken');
    expect(textbox('Web address').value).toBe('zomer-klanken-2027');
    expect(describedBy(textbox('Web address'))).toContain('/f/zomer-klanken-2027');
    await user.clear(textbox('Web address'));
    await fill(user, textbox('Web address'), 'zk27');
    await fill(user, textbox('Name'), '!');
    expect(textbox('Web address').value).toBe('zk27');
  });

  it('checks every field with the model before calling, and shows each error beside its field', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithIntl(<CreateFestivalForm navigate={() => {}} />);
    await user.click(button('Create the festival'));
    expect(createFestival).not.toHaveBeenCalled();
    for (const [label, message] of [
      ['Name', 'Fill this in.'],
      ['Venue', 'Fill this in.'],
      ['Web address', 'Use lowercase letters, digits and dashes'],
    ] as const) {
      expect(textbox(label).getAttribute('aria-invalid'), label).toBe('true');
      expect(describedBy(textbox(label)), label).toContain(message);
    }
    expect(dateGroup('First day').hasAttribute('data-invalid')).toBe(true);
    expect(describedBy(dateGroup('First day'))).toContain('Choose a date.');
    expect(screen.getByRole('alert').textContent).toContain('fields need your attention');
    // A field put right loses its error as it is typed.
    await fill(user, textbox('Name'), 'Zomer Klanken');
    expect(textbox('Name').getAttribute('aria-invalid')).toBeNull();
  });

  it('refuses a last day before the first, an hour past 12, no language and a bad link, in words', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithIntl(<CreateFestivalForm navigate={() => {}} />);
    await fillValidFestival(user, '2027-07-01');
    const hour = screen.getByLabelText('A festival day starts at (hour, 0–12)');
    await user.clear(hour);
    await fill(user, hour, '13');
    await user.click(screen.getByLabelText('English'));
    await user.click(screen.getByLabelText('Dutch'));
    await fill(user, textbox('Instagram'), 'https://example.com/zk');
    await user.click(button('Create the festival'));
    expect(createFestival).not.toHaveBeenCalled();
    expect(describedBy(dateGroup('Last day'))).toContain('The last day cannot be before the first day.');
    expect(describedBy(hour)).toContain('Choose an hour from 0 to 12.');
    expect(screen.getByText('Offer at least one language.')).toBeTruthy();
    expect((screen.getByLabelText('English') as HTMLInputElement).getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(textbox('Instagram'))).toContain('Use an https link on instagram.com.');
  });

  it('explains each contrast problem with its ratio, and will not send colours that fail', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithIntl(<CreateFestivalForm navigate={() => {}} />);
    await fillValidFestival(user);
    expect(screen.getByText('Both colours keep text and controls readable in the light and the dark theme.')).toBeTruthy();
    const primary = textbox('Main colour');
    await user.clear(primary);
    await fill(user, primary, '#ffdd00');
    // Yellow: white text on it fails (1.4:1 against 4.5), as does the light theme's background; the dark one passes.
    expect(screen.getByText(/White text on the main colour \(buttons\) has a contrast of 1\.\d+:1; it needs 4\.5:1/)).toBeTruthy();
    expect(screen.getByText(/against the light theme’s background has a contrast of 1\.\d+:1; links and control borders need 3:1/)).toBeTruthy();
    expect(screen.queryByText(/against the dark theme’s background/)).toBeNull();
    await user.click(button('Create the festival'));
    expect(createFestival).not.toHaveBeenCalled();
    expect(describedBy(primary)).toContain('Too little contrast: see the check under the colours.');
    // The native picker sets the same colour.
    fireEvent.input(screen.getByLabelText('Pick the main colour'), { target: { value: '#0f7b6c' } });
    expect(primary.value).toBe('#0f7b6c');
    expect(screen.getByText('Both colours keep text and controls readable in the light and the dark theme.')).toBeTruthy();
  });

  it('sends the festival the schema accepts, shows progress, and goes to its console', async () => {
    const user = userEvent.setup({ delay: null });
    const navigate = vi.fn();
    let finish: (value: { festivalId: string }) => void = () => {};
    createFestival.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    renderWithIntl(<CreateFestivalForm navigate={navigate} />);
    await fillValidFestival(user);
    await fill(user, textbox('Website'), 'zomerklanken.nl');
    await user.selectOptions(screen.getByLabelText('Default language'), 'nl');
    await user.click(button('Create the festival'));
    expect(createFestival).toHaveBeenCalledWith({
      festivalId: 'zomer-klanken-2027',
      festival: {
        name: 'Zomer Klanken',
        timeZone: expect.any(String),
        startsOn: '2027-07-02',
        endsOn: '2027-07-04',
        dayStartsAtHour: 6,
        venue: 'Het Park',
        languages: ['en', 'nl'],
        defaultLanguage: 'nl',
        colours: { primary: '#c8185b', secondary: '#24102f' },
        links: { website: 'https://zomerklanken.nl/' },
      },
    });
    expect((button('Creating the festival…') as HTMLButtonElement).disabled).toBe(true);
    finish({ festivalId: 'zomer-klanken-2027' });
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/f/zomer-klanken-2027/staff'));
  });

  it('shows the server’s refusals beside the fields they name', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithIntl(<CreateFestivalForm navigate={() => {}} />);
    await fillValidFestival(user);

    createFestival.mockRejectedValueOnce(Object.assign(new Error('taken'), { code: 'functions/already-exists' }));
    await user.click(button('Create the festival'));
    await waitFor(() => expect(describedBy(textbox('Web address'))).toContain('A festival already has this address. Choose another one.'));

    createFestival.mockRejectedValueOnce(Object.assign(new Error('festival.venue: too long; festival.colours.secondary: contrast'), { code: 'functions/invalid-argument' }));
    await user.click(button('Create the festival'));
    await waitFor(() => expect(describedBy(textbox('Venue'))).toContain('Check this field: the server refused it.'));
    expect(describedBy(textbox('Band colour'))).toContain('Check this field: the server refused it.');
    expect(textbox('Web address').getAttribute('aria-invalid')).toBeNull();

    createFestival.mockRejectedValueOnce(Object.assign(new Error('factor'), { code: 'functions/permission-denied', details: { reason: 'second-factor-needed' } }));
    await user.click(button('Create the festival'));
    expect((await screen.findByText(/Creating a festival needs a sign-in with your second factor/)).closest('[role="alert"]')).toBeTruthy();
  });

  it('speaks Dutch, errors and contrast check included', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithIntl(<CreateFestivalForm navigate={() => {}} />, { locale: 'nl' });
    expect(screen.getByRole('heading', { name: 'Maak een festival' })).toBeTruthy();
    await user.click(button('Maak het festival'));
    expect(describedBy(textbox('Naam'))).toContain('Vul dit in.');
    const primary = textbox('Hoofdkleur');
    await user.clear(primary);
    await fill(user, primary, '#ffdd00');
    expect(screen.getByText(/Witte tekst op de hoofdkleur \(knoppen\) heeft een contrast van 1,\d+:1; nodig is 4,5:1/)).toBeTruthy();
  });
});

describe('CreateFestivalForm, the time zone', () => {
  it('finds a zone by part of its city and takes it, by pointer and by keyboard', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithIntl(<CreateFestivalForm navigate={() => {}} />);
    const zone = screen.getByRole('combobox', { name: 'Time zone' }) as HTMLInputElement;
    await fill(user, zone, 'amster');
    await user.click(await screen.findByRole('option', { name: 'Europe/Amsterdam' }));
    expect(zone.value).toBe('Europe/Amsterdam');
    await fill(user, zone, 'lisb');
    await screen.findByRole('option', { name: 'Europe/Lisbon' });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(zone.value).toBe('Europe/Lisbon');
  });
});
