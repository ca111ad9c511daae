import { useRef, useState } from 'react';
import { Button, Form, Label, Radio, RadioGroup } from 'react-aria-components';
import { FormattedMessage } from 'react-intl';
import type { SecondFactorChallenge } from '../../firebase/second-factor';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { describeSecondFactorError } from './second-factor-errors';
import { CodeField, isSixDigitCode } from './CodeField';
import { EmulatorCodeHint } from './EmulatorCodeHint';
import { FactorLabel } from './FactorLabel';

/**
 * The second step of signing in, once the password was right and the account has a second
 * factor: pick the factor (when there are several), get the code (texted, or from an
 * authenticator app) and enter it. `onSignedIn` once the sign-in is complete.
 */
export function SecondFactorSignIn({ challenge, onSignedIn, onCancel }: { challenge: SecondFactorChallenge; onSignedIn(): void; onCancel(): void }) {
  const [hintUid, setHintUid] = useState(() => (challenge.hints.find((hint) => hint.kind === 'phone') ?? challenge.hints[0])?.uid ?? '');
  const [verificationId, setVerificationId] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<'sending' | 'verifying' | null>(null);
  const [error, setError] = useState<unknown>(null);
  const recaptcha = useRef<HTMLDivElement>(null);
  const hint = challenge.hints.find((candidate) => candidate.uid === hintUid);

  const sendCode = () => {
    if (!hint || !recaptcha.current) return;
    setBusy('sending');
    setError(null);
    setCode('');
    challenge.sendCode(hint.uid, recaptcha.current).then(
      (id) => {
        setVerificationId(id);
        setBusy(null);
      },
      (caught: unknown) => {
        setError(caught);
        setBusy(null);
      },
    );
  };

  const verify = () => {
    if (!hint || !isSixDigitCode(code)) return;
    setBusy('verifying');
    setError(null);
    const finishing = hint.kind === 'totp' ? challenge.finishWithAuthenticator(hint.uid, code.trim()) : challenge.finishWithPhone(verificationId!, code.trim());
    finishing.then(onSignedIn, (caught: unknown) => {
      setError(caught);
      setBusy(null);
    });
  };

  const codeExpected = hint?.kind === 'totp' || verificationId !== null;
  return (
    <section className="panel second-factor" aria-labelledby="second-factor-sign-in-title">
      <h2 id="second-factor-sign-in-title">
        <FormattedMessage id="account.secondFactorSignIn.title" defaultMessage="Second step: your code" />
      </h2>
      <p>
        <FormattedMessage
          id="account.secondFactorSignIn.why"
          defaultMessage="Your password was right. This account is protected with a second factor: enter the code to finish signing in."
        />
      </p>
      {challenge.hints.length > 1 ? (
        <RadioGroup
          className="field"
          value={hintUid}
          onChange={(uid) => {
            setHintUid(uid);
            setVerificationId(null);
            setCode('');
          }}
          isDisabled={busy !== null}
        >
          <Label>
            <FormattedMessage id="account.secondFactorSignIn.choose" defaultMessage="Get the code from" />
          </Label>
          {challenge.hints.map((candidate) => (
            <Radio key={candidate.uid} value={candidate.uid} className="radio">
              <FactorLabel factor={candidate} />
            </Radio>
          ))}
        </RadioGroup>
      ) : hint ? (
        <p>
          <FactorLabel factor={hint} />
        </p>
      ) : null}

      {hint?.kind === 'phone' && verificationId === null ? (
        <Button className="button" onPress={sendCode} isDisabled={busy !== null}>
          {busy === 'sending' ? (
            <FormattedMessage id="account.secondFactorSignIn.sending" defaultMessage="Sending the code…" />
          ) : (
            <FormattedMessage id="account.secondFactorSignIn.send" defaultMessage="Text me a code" />
          )}
        </Button>
      ) : null}

      {hint?.kind === 'phone' && verificationId !== null ? (
        <>
          <p className="notice notice-info" role="status">
            <FormattedMessage id="account.secondFactorSignIn.sent" defaultMessage="We texted a code to {phone}." values={{ phone: hint.phoneNumber ?? '?' }} />
          </p>
          <EmulatorCodeHint verificationId={verificationId} />
        </>
      ) : null}

      {codeExpected ? (
        <Form
          className="form-grid"
          style={{ gridTemplateColumns: '1fr' }}
          onSubmit={(event) => {
            event.preventDefault();
            verify();
          }}
        >
          <CodeField
            label={
              hint?.kind === 'totp' ? (
                <FormattedMessage id="account.secondFactorSignIn.appCode" defaultMessage="Code from your authenticator app" />
              ) : (
                <FormattedMessage id="account.secondFactorSignIn.smsCode" defaultMessage="Code from the text message" />
              )
            }
            value={code}
            onChange={setCode}
            autoFocus
          />
          <div className="button-row">
            <Button type="submit" className="button" isDisabled={busy !== null || !isSixDigitCode(code)}>
              {busy === 'verifying' ? (
                <FormattedMessage id="account.secondFactorSignIn.verifying" defaultMessage="Checking the code…" />
              ) : (
                <FormattedMessage id="account.secondFactorSignIn.verify" defaultMessage="Verify and sign in" />
              )}
            </Button>
            {hint?.kind === 'phone' ? (
              <Button className="button button-secondary" onPress={sendCode} isDisabled={busy !== null}>
                <FormattedMessage id="account.secondFactorSignIn.resend" defaultMessage="Send a new code" />
              </Button>
            ) : null}
          </div>
        </Form>
      ) : null}

      {error ? <ErrorNotice error={error} describe={describeSecondFactorError} /> : null}
      <Button className="button button-secondary" onPress={onCancel} isDisabled={busy === 'verifying'}>
        <FormattedMessage id="account.secondFactorSignIn.cancel" defaultMessage="Cancel" />
      </Button>
      {/* The invisible reCAPTCHA lives here (production); the emulator's stand-in needs the element too. */}
      <div ref={recaptcha} />
    </section>
  );
}
