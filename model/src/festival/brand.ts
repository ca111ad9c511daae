import Color from 'color';
import type { FestivalColours } from '../schemas/festival.js';

/**
 * Whether a festival's two colours keep the app readable in both themes (WCAG 2.2: 4.5:1 for
 * text, 1.4.3; 3:1 for controls and their borders, 1.4.11). The app's own fixed colours they
 * meet are the ones in web/src/styles/tokens.css.
 */
export const APP_COLOURS = {
  /** Text on the accent: buttons, the selected day tab. */
  onAccent: '#ffffff',
  /** Text on the night band (the programme's header). */
  onNight: '#fff6fb',
  lightBackground: '#fff8f1',
  darkBackground: '#130c19',
} as const;

export interface ContrastProblem {
  field: keyof FestivalColours;
  /** Against what: the text on it, or a theme's background it sits on. */
  against: 'text-on-it' | 'light-theme' | 'dark-theme';
  ratio: number;
  needed: number;
}

const ratio = (a: string, b: string) => Math.round(Color(a).contrast(Color(b)) * 100) / 100;

/** Every pair that falls short, with its ratio; empty when the colours may be used. */
export function contrastProblems(colours: FestivalColours): ContrastProblem[] {
  const checks: Array<Omit<ContrastProblem, 'ratio'> & { with: string; colour: string }> = [
    { field: 'primary', colour: colours.primary, against: 'text-on-it', with: APP_COLOURS.onAccent, needed: 4.5 },
    { field: 'primary', colour: colours.primary, against: 'light-theme', with: APP_COLOURS.lightBackground, needed: 3 },
    { field: 'primary', colour: colours.primary, against: 'dark-theme', with: APP_COLOURS.darkBackground, needed: 3 },
    { field: 'secondary', colour: colours.secondary, against: 'text-on-it', with: APP_COLOURS.onNight, needed: 4.5 },
  ];
  return checks
    .map(({ field, colour, against, with: other, needed }) => ({ field, against, needed, ratio: ratio(colour, other) }))
    .filter((check) => check.ratio < check.needed);
}
