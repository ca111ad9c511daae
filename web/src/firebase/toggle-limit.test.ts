import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { errorSentence } from '../errors/describe-error';
import dutch from '../i18n/nl/index';
import { ToggleLimitError } from './toggle-limit';

describe('the toggle limit in the app', () => {
  it('says why the 31st heart or reaction of a minute was not saved, and what to do, in English and Dutch', () => {
    const english = createIntl({ locale: 'en-GB', defaultLocale: 'en-GB' });
    const nl = createIntl({ locale: 'nl', defaultLocale: 'en-GB', messages: dutch });
    expect(errorSentence(english, new ToggleLimitError())).toBe("That's a lot of hearts and reactions in one minute: the last one wasn't saved. Wait a minute, then try again.");
    expect(errorSentence(nl, new ToggleLimitError())).toBe('Dat zijn veel hartjes en reacties in één minuut: de laatste is niet bewaard. Wacht een minuut en probeer het dan opnieuw.');
  });
});
