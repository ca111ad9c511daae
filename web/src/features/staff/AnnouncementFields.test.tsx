import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithIntl } from '../../i18n/test-utils';
import { AnnouncementFields, emptyTexts } from './AnnouncementFields';

/** The fields inside a page in `locale` (the app sets `lang` on the document; here a wrapper stands for it). */
function renderFields(locale: 'en' | 'nl') {
  return renderWithIntl(
    <div lang={locale}>
      <AnnouncementFields texts={emptyTexts} onChange={vi.fn()} missing={{ title: false, body: false }} idPrefix="new" />
    </div>,
    { locale },
  );
}

/** The language an element's text is in: its own lang, or the nearest ancestor's. */
const languageOf = (element: Element) => element.closest('[lang]')?.getAttribute('lang');

describe('the announcement fields in two languages', () => {
  it('marks the Dutch title and message inputs as Dutch and the English ones as English', () => {
    renderFields('en');
    expect(languageOf(screen.getByRole('textbox', { name: 'Title in Dutch' }))).toBe('nl');
    expect(languageOf(screen.getByRole('textbox', { name: 'Message in Dutch' }))).toBe('nl');
    expect(languageOf(screen.getByRole('textbox', { name: 'Title in English' }))).toBe('en');
    expect(languageOf(screen.getByRole('textbox', { name: 'Message in English' }))).toBe('en');
  });

  it('leaves the labels and legend of the Dutch fieldset in the interface language', () => {
    renderFields('en');
    for (const label of [screen.getByText('Title in Dutch'), screen.getByText('Message in Dutch'), screen.getByText('Dutch')]) expect(languageOf(label)).toBe('en');
  });

  it('in a Dutch interface, keeps the English fieldset’s labels Dutch and its inputs English', () => {
    renderFields('nl');
    expect(languageOf(screen.getByText('Titel in het Engels'))).toBe('nl');
    expect(languageOf(screen.getByText('Engels'))).toBe('nl');
    expect(languageOf(screen.getByRole('textbox', { name: 'Titel in het Engels' }))).toBe('en');
  });
});
