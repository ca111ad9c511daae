import { APP_COLOURS, contrastProblems, FESTIVAL_LINK_KINDS, type ContrastProblem, type FestivalLinkKind, type Locale } from '@encore/model';
import { memo, useCallback, useMemo, type ReactNode } from 'react';
import { Button, ComboBox, FieldError, Input, Label, ListBox, ListBoxItem, Popover, Text, TextArea, TextField } from 'react-aria-components';
import { FormattedMessage, defineMessages, useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { FestivalDateField } from './FestivalDateField';
import { isHexColour, type FestivalFormValues, type FieldError as FormFieldError, type FieldErrors, type FieldKey } from './festival-form';
import '../staff/staff-tools.css';
import './organiser.css';

const labels = defineMessages({
  website: { id: 'organiser.links.website', defaultMessage: 'Website' },
  tickets: { id: 'organiser.links.tickets', defaultMessage: 'Tickets' },
  instagram: { id: 'organiser.links.instagram', defaultMessage: 'Instagram' },
  tiktok: { id: 'organiser.links.tiktok', defaultMessage: 'TikTok' },
  youtube: { id: 'organiser.links.youtube', defaultMessage: 'YouTube' },
  facebook: { id: 'organiser.links.facebook', defaultMessage: 'Facebook' },
  bluesky: { id: 'organiser.links.bluesky', defaultMessage: 'Bluesky' },
  english: { id: 'organiser.form.english', defaultMessage: 'English' },
  dutch: { id: 'organiser.form.dutch', defaultMessage: 'Dutch' },
  primary: { id: 'organiser.form.primary', defaultMessage: 'Main colour' },
  secondary: { id: 'organiser.form.secondary', defaultMessage: 'Band colour' },
});

const contrastWords = defineMessages({
  primaryText: {
    id: 'organiser.contrast.primaryText',
    defaultMessage: 'White text on the main colour (buttons) has a contrast of {ratio}:1; it needs {needed}:1. Choose a darker main colour.',
  },
  primaryLight: {
    id: 'organiser.contrast.primaryLight',
    defaultMessage: 'The main colour against the light theme’s background has a contrast of {ratio}:1; links and control borders need {needed}:1. Choose a darker main colour.',
  },
  primaryDark: {
    id: 'organiser.contrast.primaryDark',
    defaultMessage: 'The main colour against the dark theme’s background has a contrast of {ratio}:1; links and control borders need {needed}:1. Choose a lighter main colour.',
  },
  secondaryText: {
    id: 'organiser.contrast.secondaryText',
    defaultMessage: 'Light text on the band colour (the programme’s header) has a contrast of {ratio}:1; it needs {needed}:1. Choose a darker band colour.',
  },
});

/** A contrast problem in words, with its ratios (WCAG 2.2, 1.4.3 and 1.4.11). */
export function describeContrast(intl: IntlShape, problem: ContrastProblem): string {
  const key =
    problem.field === 'secondary' ? 'secondaryText' : problem.against === 'text-on-it' ? 'primaryText' : problem.against === 'light-theme' ? 'primaryLight' : 'primaryDark';
  const words: MessageDescriptor = contrastWords[key];
  return intl.formatMessage(words, { ratio: intl.formatNumber(problem.ratio, { maximumFractionDigits: 2 }), needed: intl.formatNumber(problem.needed) });
}

/** Every zone the browser knows, the browser's own first. */
export function timeZones(): string[] {
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [own];
  return [own, ...all.filter((zone) => zone !== own)];
}

/**
 * Every field of a festival, grouped as the create form shows them: name (with `address`, the
 * web address: editable when creating, shown when editing), when (with notices under the dates
 * and the zone), where and what, languages, the look with its contrast check and preview, and
 * the links. Shared by the create form and the console's Festival page, so both check and say
 * the same.
 */
export function FestivalFormFields({
  values,
  update,
  errors,
  zones,
  address,
  datesNotice,
  timeZoneNotice,
}: {
  values: FestivalFormValues;
  update(patch: Partial<FestivalFormValues>): void;
  errors: FieldErrors;
  zones: string[];
  address: ReactNode;
  datesNotice?: ReactNode;
  timeZoneNotice?: ReactNode;
}) {
  const intl = useIntl();
  const setTimeZone = useCallback((timeZone: string) => update({ timeZone }), [update]);
  const contrast = isHexColour(values.primary) && isHexColour(values.secondary) ? contrastProblems({ primary: values.primary, secondary: values.secondary }) : [];
  const error = (key: FieldKey): FormFieldError | undefined => errors[key];
  const text = (found: FormFieldError | undefined) => (found ? intl.formatMessage(found.message, found.values) : undefined);
  return (
    <>
        <fieldset className="organiser-group">
          <legend>
            <FormattedMessage id="organiser.form.nameGroup" defaultMessage="Name and address" />
          </legend>
          <Field label={<FormattedMessage id="organiser.form.name" defaultMessage="Name" />} value={values.name} onChange={(name) => update({ name })} error={text(error('name'))} isRequired autoComplete="off" />
          <Field
            label={<FormattedMessage id="organiser.form.shortName" defaultMessage="Short name" />}
            hint={<FormattedMessage id="organiser.form.shortNameHint" defaultMessage="Up to 30 characters: the name under the app’s icon and in the browser tab." />}
            value={values.shortName}
            onChange={(shortName) => update({ shortName })}
            error={text(error('shortName'))}
            autoComplete="off"
          />
          {address}
        </fieldset>

        <fieldset className="organiser-group">
          <legend>
            <FormattedMessage id="organiser.form.whenGroup" defaultMessage="When" />
          </legend>
          <div className="organiser-row">
            <FestivalDateField label={intl.formatMessage({ id: 'organiser.form.startsOn', defaultMessage: 'First day' })} value={values.startsOn} onChange={(startsOn) => update({ startsOn })} error={text(error('startsOn'))} />
            <FestivalDateField label={intl.formatMessage({ id: 'organiser.form.endsOn', defaultMessage: 'Last day' })} value={values.endsOn} onChange={(endsOn) => update({ endsOn })} error={text(error('endsOn'))} />
          </div>
          {datesNotice}
          <TimeZoneField zones={zones} value={values.timeZone} error={text(error('timeZone'))} onChange={setTimeZone} />
          {timeZoneNotice}
          <Field
            type="number"
            inputMode="numeric"
            label={<FormattedMessage id="organiser.form.dayStartsAtHour" defaultMessage="A festival day starts at (hour, 0–12)" />}
            hint={<FormattedMessage id="organiser.form.dayStartsAtHourHint" defaultMessage="Sets before this hour belong to the night before: with 6, a set at 01:30 on Sunday is part of Saturday’s programme." />}
            value={String(values.dayStartsAtHour)}
            onChange={(hour) => update({ dayStartsAtHour: hour.trim() === '' ? Number.NaN : Number(hour) })}
            error={text(error('dayStartsAtHour'))}
            min={0}
            max={12}
          />
        </fieldset>

        <fieldset className="organiser-group">
          <legend>
            <FormattedMessage id="organiser.form.whereGroup" defaultMessage="Where, and what" />
          </legend>
          <Field label={<FormattedMessage id="organiser.form.venue" defaultMessage="Venue" />} value={values.venue} onChange={(venue) => update({ venue })} error={text(error('venue'))} isRequired />
          <Field
            label={<FormattedMessage id="organiser.form.address" defaultMessage="Address" />}
            hint={<FormattedMessage id="organiser.form.addressHint" defaultMessage="As visitors type it into a route planner." />}
            value={values.address}
            onChange={(address) => update({ address })}
            error={text(error('address'))}
            autoComplete="street-address"
          />
          <Field
            label={<FormattedMessage id="organiser.form.emergencyNumber" defaultMessage="Emergency number" />}
            hint={<FormattedMessage id="organiser.form.emergencyNumberHint" defaultMessage="What the Help page offers visitors to call first. Empty: 112." />}
            value={values.emergencyNumber}
            onChange={(emergencyNumber) => update({ emergencyNumber })}
            error={text(error('emergencyNumber'))}
            inputMode="tel"
          />
          <TextField className="field" value={values.description} onChange={(description) => update({ description })} isInvalid={Boolean(error('description'))}>
            <Label>
              <FormattedMessage id="organiser.form.description" defaultMessage="Description" />
            </Label>
            <TextArea rows={4} />
            <FieldError className="field-error">{text(error('description'))}</FieldError>
          </TextField>
        </fieldset>

        <LanguagesFields values={values} update={update} errors={errors} />

        <ColoursFields values={values} update={update} errors={errors} problems={contrast} />

        <fieldset className="organiser-group">
          <legend>
            <FormattedMessage id="organiser.form.linksGroup" defaultMessage="Links (optional)" />
          </legend>
          <div className="organiser-row">
            {FESTIVAL_LINK_KINDS.map((kind: FestivalLinkKind) => (
              <Field
                key={kind}
                type="url"
                inputMode="url"
                label={intl.formatMessage(labels[kind])}
                value={values.links[kind]}
                onChange={(link) => update({ links: { ...values.links, [kind]: link } })}
                error={text(error(`links.${kind}`))}
                placeholder={kind === 'website' || kind === 'tickets' ? 'https://' : `https://${kind === 'bluesky' ? 'bsky.app' : `${kind}.com`}/…`}
              />
            ))}
          </div>
        </fieldset>

    </>
  );
}

/**
 * The time zone: a searchable list of every zone the browser knows (some 400), the browser's own
 * first. Memoised: the list is not rebuilt as the other fields are typed in.
 */
const TimeZoneField = memo(function TimeZoneField({ zones, value, error, onChange }: { zones: string[]; value: string; error: string | undefined; onChange(zone: string): void }) {
  const intl = useIntl();
  const items = useMemo(() => zones.map((zone) => ({ id: zone, name: zone.replace(/_/g, ' ') })), [zones]);
  return (
    <ComboBox
      className="field"
      selectedKey={value}
      defaultItems={items}
      onSelectionChange={(key) => key !== null && onChange(String(key))}
      defaultFilter={(zone, input) => zone.toLocaleLowerCase().includes(input.trim().toLocaleLowerCase().replace(/_/g, ' '))}
      isInvalid={Boolean(error)}
      isRequired
    >
      <Label>
        <FormattedMessage id="organiser.form.timeZone" defaultMessage="Time zone" />
      </Label>
      <div className="set-picker-input">
        <Input />
        <Button className="button button-secondary organiser-combo-button" aria-label={intl.formatMessage({ id: 'organiser.form.allZones', defaultMessage: 'Show all time zones' })}>
          <span aria-hidden="true">▾</span>
        </Button>
      </div>
      <Text slot="description" className="field-hint">
        <FormattedMessage id="organiser.form.timeZoneHint" defaultMessage="Where the festival takes place: every time in the app is shown in it. Type a city to find it." />
      </Text>
      <FieldError className="field-error">{error}</FieldError>
      <Popover className="popover">
        <ListBox className="listbox">
          {(item: { id: string; name: string }) => (
            <ListBoxItem className="listbox-item" id={item.id} textValue={item.name}>
              {item.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
});

export function Field({
  label,
  hint,
  error,
  value,
  onChange,
  type = 'text',
  isRequired,
  ...input
}: {
  label: ReactNode;
  hint?: ReactNode;
  error: string | undefined;
  value: string;
  onChange(value: string): void;
  type?: 'text' | 'number' | 'url';
  isRequired?: boolean;
  autoComplete?: string;
  spellCheck?: 'false';
  inputMode?: 'numeric' | 'url' | 'tel';
  placeholder?: string;
  min?: number;
  max?: number;
}) {
  return (
    <TextField className="field" type={type === 'number' ? 'text' : type} value={value} onChange={onChange} isInvalid={Boolean(error)} isRequired={isRequired}>
      <Label>{label}</Label>
      <Input type={type} {...input} />
      {hint ? (
        <Text slot="description" className="field-hint">
          {hint}
        </Text>
      ) : null}
      <FieldError className="field-error">{error}</FieldError>
    </TextField>
  );
}

interface GroupProps {
  values: FestivalFormValues;
  update(patch: Partial<FestivalFormValues>): void;
  errors: FieldErrors;
}

function LanguagesFields({ values, update, errors }: GroupProps) {
  const intl = useIntl();
  const options: Array<{ locale: Locale; label: string }> = [
    { locale: 'en', label: intl.formatMessage(labels.english) },
    { locale: 'nl', label: intl.formatMessage(labels.dutch) },
  ];
  const toggle = (locale: Locale, on: boolean) => {
    const languages = options.map((option) => option.locale).filter((candidate) => (candidate === locale ? on : values.languages.includes(candidate)));
    // The default follows when its language is taken away.
    const defaultLanguage = languages.includes(values.defaultLanguage) ? values.defaultLanguage : (languages[0] ?? values.defaultLanguage);
    update({ languages, defaultLanguage });
  };
  const problem = (key: 'languages' | 'defaultLanguage') => (errors[key] ? intl.formatMessage(errors[key].message, errors[key].values) : null);
  return (
    <fieldset className="organiser-group" aria-describedby={problem('languages') ? 'languages-error' : undefined}>
      <legend>
        <FormattedMessage id="organiser.form.languagesGroup" defaultMessage="Languages" />
      </legend>
      <p className="field-hint" id="languages-hint">
        <FormattedMessage id="organiser.form.languagesHint" defaultMessage="The languages the app speaks to this festival’s visitors (at least one)." />
      </p>
      <div className="organiser-checks">
        {options.map((option) => (
          <label key={option.locale} className="organiser-check">
            <input type="checkbox" checked={values.languages.includes(option.locale)} onChange={(event) => toggle(option.locale, event.target.checked)} aria-invalid={problem('languages') ? true : undefined} />
            <span lang={option.locale}>{option.label}</span>
          </label>
        ))}
      </div>
      {problem('languages') ? (
        <p className="field-error" id="languages-error">
          {problem('languages')}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor="default-language" className="field-label">
          <FormattedMessage id="organiser.form.defaultLanguage" defaultMessage="Default language" />
        </label>
        <select
          id="default-language"
          value={values.defaultLanguage}
          onChange={(event) => update({ defaultLanguage: event.target.value as Locale })}
          aria-invalid={problem('defaultLanguage') ? true : undefined}
          aria-describedby={problem('defaultLanguage') ? 'default-language-error' : 'default-language-hint'}
        >
          {options
            .filter((option) => values.languages.includes(option.locale))
            .map((option) => (
              <option key={option.locale} value={option.locale}>
                {option.label}
              </option>
            ))}
        </select>
        <p className="field-hint" id="default-language-hint">
          <FormattedMessage id="organiser.form.defaultLanguageHint" defaultMessage="For visitors whose browser asks for none of these." />
        </p>
        {problem('defaultLanguage') ? (
          <p className="field-error" id="default-language-error">
            {problem('defaultLanguage')}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}

function ColoursFields({ values, update, errors, problems }: GroupProps & { problems: ContrastProblem[] }) {
  const intl = useIntl();
  const valid = isHexColour(values.primary) && isHexColour(values.secondary);
  return (
    <fieldset className="organiser-group">
      <legend>
        <FormattedMessage id="organiser.form.lookGroup" defaultMessage="The look" />
      </legend>
      <p className="field-hint">
        <FormattedMessage
          id="organiser.form.lookHint"
          defaultMessage="The main colour is for buttons, links and focus; the band colour is behind the programme’s header. Both must stay readable in the light and the dark theme."
        />
      </p>
      <div className="organiser-row">
        {(['primary', 'secondary'] as const).map((field) => (
          <div key={field} className="organiser-colour">
            <input
              type="color"
              aria-label={intl.formatMessage({ id: 'organiser.form.pickColour', defaultMessage: 'Pick the {colour}' }, { colour: intl.formatMessage(labels[field]).toLowerCase() })}
              value={isHexColour(values[field]) ? values[field].toLowerCase() : '#000000'}
              onChange={(event) => update({ [field]: event.target.value })}
            />
            <Field
              label={intl.formatMessage(labels[field])}
              value={values[field]}
              onChange={(colour) => update({ [field]: colour.trim() })}
              error={errors[field] ? intl.formatMessage(errors[field].message, errors[field].values) : undefined}
              spellCheck="false"
              autoComplete="off"
            />
          </div>
        ))}
      </div>
      <div className="organiser-contrast" aria-live="polite">
        {!valid ? null : problems.length === 0 ? (
          <p className="notice notice-info">
            <span>
              <span aria-hidden="true">✓ </span>
              <FormattedMessage id="organiser.contrast.ok" defaultMessage="Both colours keep text and controls readable in the light and the dark theme." />
            </span>
          </p>
        ) : (
          <div className="notice notice-warn">
            <p>
              <strong>
                <FormattedMessage id="organiser.contrast.title" defaultMessage="Not readable enough yet:" />
              </strong>
            </p>
            <ul>
              {problems.map((problem) => (
                <li key={`${problem.field}-${problem.against}`}>{describeContrast(intl, problem)}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
      {valid ? <BrandPreview primary={values.primary} secondary={values.secondary} name={values.shortName.trim() || values.name.trim()} /> : null}
    </fieldset>
  );
}

/** A button, a control's border and the header band on each theme's background, in the chosen colours. */
function BrandPreview({ primary, secondary, name }: { primary: string; secondary: string; name: string }) {
  const intl = useIntl();
  const themes = [
    { key: 'light', background: APP_COLOURS.lightBackground, text: '#1e1326', label: intl.formatMessage({ id: 'organiser.preview.light', defaultMessage: 'Light theme' }) },
    { key: 'dark', background: APP_COLOURS.darkBackground, text: '#f8eefb', label: intl.formatMessage({ id: 'organiser.preview.dark', defaultMessage: 'Dark theme' }) },
  ];
  return (
    <figure className="brand-preview">
      <figcaption className="field-hint">
        <FormattedMessage id="organiser.preview.caption" defaultMessage="Preview" />
      </figcaption>
      <div className="brand-preview-themes">
        {themes.map((theme) => (
          <div key={theme.key} className="brand-preview-theme" style={{ background: theme.background, color: theme.text }}>
            <div className="brand-preview-band" style={{ background: secondary, color: APP_COLOURS.onNight }}>
              {name || intl.formatMessage({ id: 'organiser.preview.name', defaultMessage: 'Your festival' })}
            </div>
            <div className="brand-preview-body">
              <span className="brand-preview-button" style={{ background: primary, color: APP_COLOURS.onAccent }}>
                <FormattedMessage id="organiser.preview.button" defaultMessage="Add to my schedule" />
              </span>
              <span className="brand-preview-control" style={{ borderColor: primary }}>
                {theme.label}
              </span>
            </div>
          </div>
        ))}
      </div>
    </figure>
  );
}
