import { useRef, useState } from 'react';
import { Button, Form, Input, Label, Text, TextField } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { describeSecondFactorError } from './second-factor-errors';
import { CodeField, isSixDigitCode } from './CodeField';
import { EmulatorCodeHint } from './EmulatorCodeHint';
import { toE164 } from './phone-number';

const secondFactor = () => import('../../firebase/second-factor');

/**
 * Adding a phone as a second factor: its number and a name, a code texted to it, the code
 * back. `onEnrolled` once the phone is added (this sign-in then counts as having used it).
 */
export function EnrolPhoneForm({ onEnrolled }: { onEnrolled(name: string): void }) {
  const intl = useIntl();
  const [phone, setPhone] = useState('');
  const [name, setName] = useState(() => intl.formatMessage({ id: 'account.enrolPhone.defaultName', defaultMessage: 'My phone' }));
  const [verificationId, setVerificationId] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<'sending' | 'adding' | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [touched, setTouched] = useState(false);
  const recaptcha = useRef<HTMLDivElement>(null);
  const number = toE164(phone);
  const phoneInvalid = touched && phone.trim() !== '' && number === null;

  const sendCode = () => {
    setTouched(true);
    if (!number || !recaptcha.current) return;
    const container = recaptcha.current;
    setBusy('sending');
    setError(null);
    setCode('');
    void secondFactor()
      .then((module) => module.sendEnrolmentCode(number, container))
      .then(setVerificationId, setError)
      .finally(() => setBusy(null));
  };

  const add = () => {
    if (!verificationId || !isSixDigitCode(code)) return;
    setBusy('adding');
    setError(null);
    const label = name.trim() || intl.formatMessage({ id: 'account.enrolPhone.defaultName', defaultMessage: 'My phone' });
    void secondFactor()
      .then((module) => module.finishPhoneEnrolment(verificationId, code.trim(), label))
      .then(() => {
        // Ready for another phone; the panel around says this one is added.
        setVerificationId(null);
        setPhone('');
        setCode('');
        setTouched(false);
        onEnrolled(label);
      }, setError)
      .finally(() => setBusy(null));
  };

  return (
    <div className="enrol-phone">
      <h3>
        <FormattedMessage id="account.enrolPhone.title" defaultMessage="Add a phone" />
      </h3>
      {verificationId === null ? (
        <Form
          className="form-grid"
          style={{ gridTemplateColumns: '1fr' }}
          onSubmit={(event) => {
            event.preventDefault();
            sendCode();
          }}
        >
          <TextField className="field" type="tel" value={phone} onChange={setPhone} onBlur={() => setTouched(true)} isRequired autoComplete="tel" isInvalid={phoneInvalid}>
            <Label>
              <FormattedMessage id="account.enrolPhone.number" defaultMessage="Phone number" />
            </Label>
            <Input />
            <Text slot={phoneInvalid ? 'errorMessage' : 'description'} className={phoneInvalid ? 'field-error' : 'field-hint'}>
              {phoneInvalid ? (
                <FormattedMessage id="account.enrolPhone.numberInvalid" defaultMessage="Start with + and the country code, e.g. +31 6 12345678." />
              ) : (
                <FormattedMessage id="account.enrolPhone.numberHint" defaultMessage="With the country code, e.g. +31 6 12345678. We text a code to it each time you sign in." />
              )}
            </Text>
          </TextField>
          <TextField className="field" value={name} onChange={setName} maxLength={40}>
            <Label>
              <FormattedMessage id="account.enrolPhone.name" defaultMessage="Name for this phone" />
            </Label>
            <Input />
          </TextField>
          <Button type="submit" className="button" isDisabled={busy !== null}>
            {busy === 'sending' ? (
              <FormattedMessage id="account.enrolPhone.sending" defaultMessage="Sending the code…" />
            ) : (
              <FormattedMessage id="account.enrolPhone.send" defaultMessage="Text me a code" />
            )}
          </Button>
        </Form>
      ) : (
        <Form
          className="form-grid"
          style={{ gridTemplateColumns: '1fr' }}
          onSubmit={(event) => {
            event.preventDefault();
            add();
          }}
        >
          <p className="notice notice-info" role="status">
            <FormattedMessage id="account.enrolPhone.sent" defaultMessage="We texted a code to {phone}." values={{ phone: number }} />
          </p>
          <EmulatorCodeHint verificationId={verificationId} />
          <CodeField label={<FormattedMessage id="account.enrolPhone.code" defaultMessage="Code from the text message" />} value={code} onChange={setCode} autoFocus />
          <div className="button-row">
            <Button type="submit" className="button" isDisabled={busy !== null || !isSixDigitCode(code)}>
              {busy === 'adding' ? (
                <FormattedMessage id="account.enrolPhone.adding" defaultMessage="Adding…" />
              ) : (
                <FormattedMessage id="account.enrolPhone.add" defaultMessage="Add this phone" />
              )}
            </Button>
            <Button
              className="button button-secondary"
              isDisabled={busy !== null}
              onPress={() => {
                setVerificationId(null);
                setCode('');
                setError(null);
              }}
            >
              <FormattedMessage id="account.enrolPhone.back" defaultMessage="Change the number" />
            </Button>
          </div>
        </Form>
      )}
      {error ? <ErrorNotice error={error} describe={describeSecondFactorError} /> : null}
      {/* The invisible reCAPTCHA lives here (production); the emulator's stand-in needs the element too. */}
      <div ref={recaptcha} />
    </div>
  );
}
