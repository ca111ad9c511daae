import { REMINDER_LEAD_MINUTES } from '@encore/model';
import { useState } from 'react';
import { Button, Label, Radio, RadioGroup } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocale } from '../../i18n/I18nProvider';
import { LOCALE_NAMES } from '../../i18n/locales';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { useAccount } from '../account/AccountContext';
import { preferencesStore, savePreferences } from './preferences-store';
import { disablePush, enablePush, pushStatus, pushStore, type PushStatus } from './push-store';
import './notifications.css';

/**
 * The Account page's notification settings: pushes on or off for this device (the
 * browser's permission prompt appears only when the person presses "Turn on"), how long
 * before their sets they want a reminder, and which language they come in.
 */
export function NotificationSettings() {
  return (
    <section className="panel notification-settings" aria-labelledby="notifications-title">
      <h2 id="notifications-title">
        <FormattedMessage id="notifications.settings.title" defaultMessage="Notifications" />
      </h2>
      <PushSwitch />
      <ReminderLead />
      <p className="field-hint">
        <NotificationLanguage />
      </p>
    </section>
  );
}

/** This device's push state for the signed-in person, and the switches. */
function usePush() {
  const { account, ensureSignedIn } = useAccount();
  const { locale } = useLocale();
  const state = pushStore.use();
  const uid = account?.uid ?? null;
  return {
    ...state,
    status: pushStatus(state, uid),
    // A push subscription needs an account: a visitor with none gets one now.
    enable: () => enablePush(ensureSignedIn, locale),
    disable: disablePush,
  };
}

function PushSwitch() {
  const push = usePush();
  return (
    <div className="push-switch">
      <p role="status" className="push-status">
        <StatusText status={push.status} busy={push.busy} />
      </p>
      {push.error ? <ErrorNotice error={push.error} /> : null}
      {push.status === 'off' ? (
        <Button className="button" isDisabled={push.busy} onPress={() => void push.enable()}>
          <FormattedMessage id="notifications.settings.turnOn" defaultMessage="Turn on notifications" />
        </Button>
      ) : push.status === 'on' ? (
        <Button className="button button-secondary" isDisabled={push.busy} onPress={() => void push.disable()}>
          <FormattedMessage id="notifications.settings.turnOff" defaultMessage="Turn off on this device" />
        </Button>
      ) : null}
    </div>
  );
}

function StatusText({ status, busy }: { status: PushStatus; busy: boolean }) {
  if (busy) return <FormattedMessage id="notifications.settings.working" defaultMessage="One moment…" />;
  switch (status) {
    case 'on':
      return <FormattedMessage id="notifications.settings.on" defaultMessage="On for this device: urgent news, changes to sets in your schedule, and your reminders." />;
    case 'off':
      return (
        <FormattedMessage
          id="notifications.settings.off"
          defaultMessage="Off. Turn them on to hear about urgent news from the festival team, sets in your schedule that move or are cancelled, and your reminders, even when Encore is closed."
        />
      );
    case 'blocked':
      return (
        <FormattedMessage
          id="notifications.settings.blocked"
          defaultMessage="Blocked in this browser’s settings. To turn them on, allow notifications for this site there (the icon beside the address, or Settings, Site settings, Notifications), then come back."
        />
      );
    case 'unsupported':
      return (
        <FormattedMessage
          id="notifications.settings.unsupported"
          defaultMessage="This browser cannot show notifications from Encore. On an iPhone, add Encore to your Home Screen first (Share, Add to Home Screen) and open it from there."
        />
      );
  }
}

function ReminderLead() {
  const intl = useIntl();
  const { preferences, status, pending, error } = preferencesStore.use();
  const { ensureSignedIn } = useAccount();
  const [saveError, setSaveError] = useState<unknown>(null);
  const push = usePush();
  const value = preferences?.reminderMinutes ?? null;
  return (
    <>
      <RadioGroup
        className="field"
        value={value === null ? 'none' : String(value)}
        isDisabled={status === 'loading' || status === 'error'}
        onChange={(choice) => {
          setSaveError(null);
          const change = { reminderMinutes: choice === 'none' ? null : (Number(choice) as (typeof REMINDER_LEAD_MINUTES)[number]) };
          // The lead is kept in the person's preferences document: a visitor with no account yet gets one now.
          const saved = status === 'none' ? ensureSignedIn().then((uid) => savePreferences(change, uid)) : savePreferences(change);
          saved.catch(setSaveError);
        }}
        orientation="horizontal"
        aria-describedby="reminder-hint"
      >
        <Label className="field-label">
          <FormattedMessage id="notifications.settings.reminderLabel" defaultMessage="Remind me before my sets" />
        </Label>
        <div className="segmented">
          <Radio value="none" className="segment">
            <FormattedMessage id="notifications.settings.reminderNone" defaultMessage="None" />
          </Radio>
          {REMINDER_LEAD_MINUTES.map((minutes) => (
            <Radio key={minutes} value={String(minutes)} className="segment" aria-label={intl.formatMessage({ id: 'notifications.settings.reminderLong', defaultMessage: '{minutes} minutes before' }, { minutes })}>
              <FormattedMessage id="notifications.settings.reminderShort" defaultMessage="{minutes} min" values={{ minutes }} />
            </Radio>
          ))}
        </div>
      </RadioGroup>
      <p id="reminder-hint" className="field-hint">
        {pending ? (
          <FormattedMessage id="notifications.settings.saving" defaultMessage="Saving… (it syncs when you are back online)" />
        ) : value !== null && push.status !== 'on' ? (
          <FormattedMessage id="notifications.settings.reminderNeedsPush" defaultMessage="Reminders come as notifications: turn them on above to get them on this device." />
        ) : (
          <FormattedMessage id="notifications.settings.reminderHint" defaultMessage="For every set in your schedule, on each device with notifications on." />
        )}
      </p>
      {error || saveError ? <ErrorNotice error={error ?? saveError} /> : null}
    </>
  );
}

function NotificationLanguage() {
  const { locale } = useLocale();
  return (
    <FormattedMessage
      id="notifications.settings.language"
      defaultMessage="Notifications and notices come in {language}, the language you choose for Encore under “Language and look”."
      values={{ language: <span lang={locale}>{LOCALE_NAMES[locale]}</span> }}
    />
  );
}
