import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { useLocale } from '../i18n/I18nProvider';
import { LOCALE_NAMES, LOCALES, isLocale } from '../i18n/locales';
import { setTheme, THEMES, useTheme, type Theme } from './theme';

const themeNames = defineMessages({
  system: { id: 'ui.preferences.themeSystem', defaultMessage: 'Automatic' },
  light: { id: 'ui.preferences.themeLight', defaultMessage: 'Light' },
  dark: { id: 'ui.preferences.themeDark', defaultMessage: 'Dark' },
});

/** Language and theme, each a segmented radio group; both are remembered on this device. */
export function Preferences() {
  const intl = useIntl();
  const { locale, setLocale } = useLocale();
  const theme = useTheme();
  return (
    <div className="preferences">
      <RadioGroup className="field" value={locale} onChange={(value) => isLocale(value) && setLocale(value)} orientation="horizontal">
        <Label className="field-label">
          <FormattedMessage id="ui.preferences.language" defaultMessage="Language" />
        </Label>
        <div className="segmented">
          {LOCALES.map((option) => (
            <Radio key={option} value={option} className="segment" lang={option}>
              {LOCALE_NAMES[option]}
            </Radio>
          ))}
        </div>
      </RadioGroup>
      <RadioGroup className="field" value={theme} onChange={(value) => setTheme(value as Theme)} orientation="horizontal">
        <Label className="field-label">
          <FormattedMessage id="ui.preferences.theme" defaultMessage="Theme" />
        </Label>
        <div className="segmented">
          {THEMES.map((option) => (
            <Radio key={option} value={option} className="segment">
              {intl.formatMessage(themeNames[option])}
            </Radio>
          ))}
        </div>
      </RadioGroup>
    </div>
  );
}
