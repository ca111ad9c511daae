import { announcementSchema, firestorePaths } from '@encore/model';
import { addDoc, collection, serverTimestamp } from 'firebase/firestore';
import { useState } from 'react';
import { Button, FieldError, Form, Input, Label, Radio, RadioGroup, TextArea, TextField } from 'react-aria-components';
import { FormattedMessage } from 'react-intl';
import { appConfig } from '../../config/firebase-config';
import { db } from '../../firebase/firestore';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { useAccount } from '../account/AccountContext';

/** The announcement composer, validated with the shared schema before anything is sent. */
export default function AnnouncementsPage() {
  const { account } = useAccount();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [priority, setPriority] = useState<'normal' | 'urgent'>('normal');
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [error, setError] = useState<unknown>(null);
  const [sent, setSent] = useState<string | null>(null);

  const publish = () => {
    setError(null);
    setSent(null);
    const draft = { title, body, priority, createdAt: new Date(), ...(account ? { authorUid: account.uid } : {}) };
    const parsed = announcementSchema.safeParse(draft);
    if (!parsed.success) {
      setIssues(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setIssues({});
    // Offline, the write is queued and syncs later: the form clears at once either way.
    addDoc(collection(db(), firestorePaths.announcements(appConfig.festivalId)), { ...parsed.data, createdAt: serverTimestamp() }).catch(setError);
    setSent(parsed.data.title);
    setTitle('');
    setBody('');
  };

  return (
    <section aria-labelledby="announce-title" style={{ maxWidth: 640 }}>
      <h2 id="announce-title">
        <FormattedMessage id="staff.announcements.title" defaultMessage="New announcement" />
      </h2>
      {sent ? (
        <p className="notice notice-info" role="status">
          <FormattedMessage id="staff.announcements.sent" defaultMessage="“{title}” is published to everyone’s News page." values={{ title: sent }} />
        </p>
      ) : null}
      {error ? <ErrorNotice error={error} /> : null}
      <Form
        className="form-grid panel"
        style={{ gridTemplateColumns: '1fr' }}
        validationErrors={issues}
        onSubmit={(event) => {
          event.preventDefault();
          publish();
        }}
      >
        <TextField className="field" name="title" value={title} onChange={setTitle} isRequired maxLength={120}>
          <Label>
            <FormattedMessage id="staff.announcements.titleField" defaultMessage="Title" />
          </Label>
          <Input />
          <FieldError className="field-error" />
        </TextField>
        <TextField className="field" name="body" value={body} onChange={setBody} isRequired maxLength={2000}>
          <Label>
            <FormattedMessage id="staff.announcements.message" defaultMessage="Message" />
          </Label>
          <TextArea />
          <FieldError className="field-error" />
        </TextField>
        <RadioGroup className="field" value={priority} onChange={(value) => setPriority(value as 'normal' | 'urgent')} orientation="horizontal">
          <Label>
            <FormattedMessage id="staff.announcements.priority" defaultMessage="Priority" />
          </Label>
          <div className="button-row">
            <Radio value="normal" className="radio">
              <FormattedMessage id="staff.announcements.normal" defaultMessage="Normal" />
            </Radio>
            <Radio value="urgent" className="radio">
              <FormattedMessage id="staff.announcements.urgent" defaultMessage="Urgent (highlighted)" />
            </Radio>
          </div>
        </RadioGroup>
        <Button type="submit" className="button">
          <FormattedMessage id="staff.announcements.publish" defaultMessage="Publish announcement" />
        </Button>
      </Form>
    </section>
  );
}
