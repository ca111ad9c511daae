import { useEffect, useState } from 'react';
import { Button, FieldError, Form, Input, Label, Text, TextField } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { preferencesStore } from '../notifications/preferences-store';
import { DISPLAY_NAME_MAX, displayNameTooLong, normaliseDisplayName, saveDisplayName } from './display-name';

/** "Your name on photos": what the wall shows with the photos this person shares (never their email). */
export function DisplayNameField() {
  const intl = useIntl();
  const { preferences, status } = preferencesStore.use();
  const saved = preferences?.displayName ?? '';
  const [typed, setTyped] = useState(saved);
  const [state, setState] = useState<'idle' | 'saving' | 'saved'>('idle');
  const [error, setError] = useState<unknown>(null);
  useEffect(() => setTyped(saved), [saved]);

  const tooLong = displayNameTooLong(typed);
  const save = async () => {
    if (tooLong) return;
    setError(null);
    setState('saving');
    try {
      await saveDisplayName(normaliseDisplayName(typed), intl.locale.startsWith('nl') ? 'nl' : 'en');
      setState('saved');
    } catch (caught) {
      setError(caught);
      setState('idle');
    }
  };

  return (
    <section className="panel" aria-labelledby="display-name-title">
      <h2 id="display-name-title">
        <FormattedMessage id="account.displayName.title" defaultMessage="Your name on photos" />
      </h2>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <TextField
          className="field"
          value={typed}
          onChange={(value) => {
            setTyped(value);
            setState('idle');
          }}
          isDisabled={status !== 'ready'}
          isInvalid={tooLong}
          autoComplete="nickname"
        >
          <Label className="field-label">
            <FormattedMessage id="account.displayName.label" defaultMessage="Display name" />
          </Label>
          <Input />
          <Text slot="description" className="field-hint">
            <FormattedMessage
              id="account.displayName.hint"
              defaultMessage="Shown with the photos you share from now on, up to {max} characters. Never your email. Leave it empty to appear as “a visitor”."
              values={{ max: DISPLAY_NAME_MAX }}
            />
          </Text>
          <FieldError className="field-error">
            <FormattedMessage id="account.displayName.tooLong" defaultMessage="At most {max} characters." values={{ max: DISPLAY_NAME_MAX }} />
          </FieldError>
        </TextField>
        <div className="button-row">
          <Button type="submit" className="button button-small" isDisabled={status !== 'ready' || tooLong || state === 'saving'}>
            <FormattedMessage id="account.displayName.save" defaultMessage="Save name" />
          </Button>
          <p className="muted" role="status">
            {state === 'saved' ? <FormattedMessage id="account.displayName.saved" defaultMessage="Saved." /> : null}
          </p>
        </div>
      </Form>
      {error ? <ErrorNotice error={error} /> : null}
    </section>
  );
}
