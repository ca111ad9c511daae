import type { ImportField, ImportProblem } from '../callables/import-programme.js';
import type { Locale } from '../schemas/user.js';

/**
 * Why a programme import refused a row, in plain words in each language, naming the cell
 * (`Cell D4 (start): …`) so an organiser finds it in their spreadsheet.
 */

const FIELD_NAMES: Record<Locale, Record<ImportField, string>> = {
  en: { artist: 'artist', stage: 'stage', day: 'day', start: 'start', end: 'end', title: 'title', status: 'status' },
  nl: { artist: 'artiest', stage: 'podium', day: 'dag', start: 'start', end: 'einde', title: 'titel', status: 'status' },
};

function problemEn(problem: ImportProblem): string {
  const field = (name: ImportField) => FIELD_NAMES.en[name];
  switch (problem.code) {
    case 'unreadable':
      return `The file could not be read as a table (${problem.detail}). Save it as CSV, or copy the cells from the spreadsheet and paste them.`;
    case 'no-rows':
      return 'The file has a header row but no sets under it.';
    case 'too-many-rows':
      return `At most ${problem.max} sets per import: split the file.`;
    case 'missing-column':
      return `There is no “${field(problem.field)}” column. The first row should name the columns, e.g. artist, stage, day, start, end.`;
    case 'empty':
      return `The ${field(problem.field)} is missing.`;
    case 'too-long':
      return `The ${field(problem.field)} is longer than ${problem.max} characters.`;
    case 'bad-name':
      return `“${problem.value}” is not a name Encore can use for a${problem.field === 'artist' ? 'n artist' : ' stage'}: it needs letters or digits.`;
    case 'bad-time':
      return `“${problem.value}” is not a time. Write it like 21:30; after midnight 00:30 (on the night’s day) or 24:30.`;
    case 'bad-day':
      return `“${problem.value}” is not a day Encore knows. Write a date (2026-08-14 or 14-08-2026) or a weekday (Friday).`;
    case 'no-day':
      return 'Which day? Add a day or date column, or write the date with the start time.';
    case 'day-outside':
      return `“${problem.value}” is not a day of the festival (${problem.first} to ${problem.last}).`;
    case 'bad-status':
      return `“${problem.value}” is not a status: leave it empty or write scheduled or cancelled.`;
    case 'end-before-start':
      if (!problem.start || !problem.end) return 'The set ends before it starts.';
      return `The set ends (${problem.end}) before it starts (${problem.start}): check both times. (An end after midnight, such as 00:30, is read as the next morning.)`;
    case 'too-long-set':
      return `A set lasts at most ${problem.hours} hours.`;
    case 'duplicate':
      return `The same set (artist, stage and start) is already on row ${problem.line}.`;
  }
}

function problemNl(problem: ImportProblem): string {
  const field = (name: ImportField) => FIELD_NAMES.nl[name];
  switch (problem.code) {
    case 'unreadable':
      return `Het bestand kon niet als tabel worden gelezen (${problem.detail}). Bewaar het als CSV, of kopieer de cellen uit de spreadsheet en plak ze.`;
    case 'no-rows':
      return 'Het bestand heeft een kopregel maar geen sets eronder.';
    case 'too-many-rows':
      return `Hoogstens ${problem.max} sets per import: splits het bestand.`;
    case 'missing-column':
      return `Er is geen kolom “${field(problem.field)}”. De eerste rij moet de kolommen noemen, bijvoorbeeld artiest, podium, dag, start, einde.`;
    case 'empty':
      return `Niets ingevuld bij ${field(problem.field)}.`;
    case 'too-long':
      return `De tekst bij ${field(problem.field)} is langer dan ${problem.max} tekens.`;
    case 'bad-name':
      return `“${problem.value}” is geen naam die Encore kan gebruiken voor ${problem.field === 'artist' ? 'een artiest' : 'een podium'}: er moeten letters of cijfers in staan.`;
    case 'bad-time':
      return `“${problem.value}” is geen tijd. Schrijf hem als 21:30; na middernacht 00:30 (op de dag van die nacht) of 24:30.`;
    case 'bad-day':
      return `“${problem.value}” is geen dag die Encore kent. Schrijf een datum (2026-08-14 of 14-08-2026) of een weekdag (vrijdag).`;
    case 'no-day':
      return 'Welke dag? Voeg een kolom dag of datum toe, of schrijf de datum bij de starttijd.';
    case 'day-outside':
      return `“${problem.value}” is geen dag van het festival (${problem.first} tot ${problem.last}).`;
    case 'bad-status':
      return `“${problem.value}” is geen status: laat hem leeg of schrijf gepland of afgelast.`;
    case 'end-before-start':
      if (!problem.start || !problem.end) return 'De set eindigt voordat hij begint.';
      return `De set eindigt (${problem.end}) voordat hij begint (${problem.start}): controleer beide tijden. (Een einde na middernacht, zoals 00:30, wordt gelezen als de volgende ochtend.)`;
    case 'too-long-set':
      return `Een set duurt hoogstens ${problem.hours} uur.`;
    case 'duplicate':
      return `Dezelfde set (artiest, podium en start) staat al op rij ${problem.line}.`;
  }
}

/** The column a problem is about, named after the cell. */
function fieldOf(problem: ImportProblem): ImportField | null {
  if ('field' in problem) return problem.field;
  switch (problem.code) {
    case 'bad-day':
    case 'day-outside':
      return 'day';
    case 'bad-status':
      return 'status';
    case 'end-before-start':
    case 'too-long-set':
      return 'end';
    default:
      return null;
  }
}

export const importErrorMessages: Record<Locale, (params: { cell: string | null; problem: ImportProblem }) => string> = {
  en: ({ cell, problem }) => {
    const field = fieldOf(problem);
    return cell ? `Cell ${cell}${field ? ` (${FIELD_NAMES.en[field]})` : ''}: ${problemEn(problem)}` : problemEn(problem);
  },
  nl: ({ cell, problem }) => {
    const field = fieldOf(problem);
    return cell ? `Cel ${cell}${field ? ` (${FIELD_NAMES.nl[field]})` : ''}: ${problemNl(problem)}` : problemNl(problem);
  },
};
