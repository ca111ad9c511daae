import type { Announcement } from '@encore/model';
import { Input, Label, TextArea, TextField } from 'react-aria-components';
import { FormattedMessage } from 'react-intl';
import type { AnnouncementTexts } from './api/announcements';

export const emptyTexts: AnnouncementTexts = { title: '', body: '', titleNl: '', bodyNl: '' };

export function textsOf(announcement: Pick<Announcement, 'title' | 'body' | 'titleNl' | 'bodyNl'>): AnnouncementTexts {
  return { title: announcement.title, body: announcement.body, titleNl: announcement.titleNl ?? '', bodyNl: announcement.bodyNl ?? '' };
}

/**
 * An announcement's title and message in English and in Dutch. Either language may stay
 * empty (readers then get the other), so what is missing is a title, or a message, in both.
 * Each input carries the language of the text typed into it (spell checking, screen reader
 * voice); the labels and legends stay in the interface's language, so they carry none.
 */
export function AnnouncementFields({
  texts,
  onChange,
  missing,
  idPrefix,
}: {
  texts: AnnouncementTexts;
  onChange(texts: AnnouncementTexts): void;
  missing: { title: boolean; body: boolean };
  idPrefix: string;
}) {
  const set = (field: keyof AnnouncementTexts) => (value: string) => onChange({ ...texts, [field]: value });
  const titleError = missing.title ? `${idPrefix}-title-missing` : undefined;
  const bodyError = missing.body ? `${idPrefix}-body-missing` : undefined;
  return (
    <>
      <p className="field-hint">
        <FormattedMessage id="staff.announcements.languagesHint" defaultMessage="Write it in English, Dutch or both: readers get their own language, or the other one where it is empty." />
      </p>
      <div className="announcement-languages">
        <fieldset className="announcement-language">
          <legend>
            <FormattedMessage id="staff.announcements.english" defaultMessage="English" />
          </legend>
          <TextField className="field" value={texts.title} onChange={set('title')} maxLength={120} aria-describedby={titleError} isInvalid={missing.title}>
            <Label>
              <FormattedMessage id="staff.announcements.titleEnglish" defaultMessage="Title in English" />
            </Label>
            <Input lang="en" />
          </TextField>
          <TextField className="field" value={texts.body} onChange={set('body')} maxLength={2000} aria-describedby={bodyError} isInvalid={missing.body}>
            <Label>
              <FormattedMessage id="staff.announcements.messageEnglish" defaultMessage="Message in English" />
            </Label>
            <TextArea rows={3} lang="en" />
          </TextField>
        </fieldset>
        <fieldset className="announcement-language">
          <legend>
            <FormattedMessage id="staff.announcements.dutch" defaultMessage="Dutch" />
          </legend>
          <TextField className="field" value={texts.titleNl} onChange={set('titleNl')} maxLength={120} aria-describedby={titleError} isInvalid={missing.title}>
            <Label>
              <FormattedMessage id="staff.announcements.titleDutch" defaultMessage="Title in Dutch" />
            </Label>
            <Input lang="nl" />
          </TextField>
          <TextField className="field" value={texts.bodyNl} onChange={set('bodyNl')} maxLength={2000} aria-describedby={bodyError} isInvalid={missing.body}>
            <Label>
              <FormattedMessage id="staff.announcements.messageDutch" defaultMessage="Message in Dutch" />
            </Label>
            <TextArea rows={3} lang="nl" />
          </TextField>
        </fieldset>
      </div>
      {missing.title ? (
        <p id={titleError} className="field-error" role="alert">
          <FormattedMessage id="staff.announcements.titleMissing" defaultMessage="Give it a title, in English or Dutch." />
        </p>
      ) : null}
      {missing.body ? (
        <p id={bodyError} className="field-error" role="alert">
          <FormattedMessage id="staff.announcements.bodyMissing" defaultMessage="Write the message, in English or Dutch." />
        </p>
      ) : null}
    </>
  );
}
