import { firestorePaths, infoPageSchema, slugIdSchema, type InfoPage } from '@encore/model';
import { deleteDoc, doc, serverTimestamp, setDoc, updateDoc } from 'firebase/firestore';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { appConfig } from '../../config/firebase-config';
import { db } from '../../firebase/firestore';
import type { WithId } from '../../firebase/to-model';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { CreateErrorNotice } from './CreateErrorNotice';
import { CreateRefused, createdNow, existingItem, existsMessage, explainRefusedCreate } from './create-guard';
import { FormattedText } from '../info/FormattedText';
import { useInfoPages } from '../info/use-info-pages';

type Draft = Omit<InfoPage, 'updatedAt'> & { id: string };
const EMPTY: Draft = { id: '', order: 100, title: { en: '', nl: '' }, body: { en: '', nl: '' } };

/**
 * `/staff/info`: the practical information. A page's title and body in English and Dutch
 * (either may stay empty: readers then get the other), its place in the list, and a preview
 * of the body as visitors will see it. Checked with the shared schema before it is written.
 */
export default function InfoEditorPage() {
  const intl = useIntl();
  const pages = useInfoPages();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [isNew, setIsNew] = useState(true);
  const [problems, setProblems] = useState<string[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState<string | null>(null);
  // A "new page" whose address is taken: the page that has it, offered to open.
  const [taken, setTaken] = useState<WithId<InfoPage> | null>(null);
  const id = useId();
  // The address in the form now: a late refusal of a create only reopens the form if it still shows that page.
  const draftId = useRef(draft.id);
  useEffect(() => {
    draftId.current = draft.id;
  }, [draft.id]);
  // A new page saved before this device has the festival's list of pages (its first snapshot,
  // live or cached) waits for it: checked against an empty list, an existing address would go
  // to the server and come back refused, instead of being named in the form at once.
  const [saveWhenListed, setSaveWhenListed] = useState(false);
  const listed = pages.status !== 'loading';

  const edit = (page: WithId<InfoPage> | null) => {
    setDraft(page ? { id: page.id, order: page.order, title: { ...page.title }, body: { ...page.body } } : EMPTY);
    setIsNew(!page);
    // Another page picked (or a new one begun) while a save waited for the list: that save is off.
    setSaveWhenListed(false);
    setProblems([]);
    setSaved(null);
    setTaken(null);
  };

  const save = () => {
    setError(null);
    setSaved(null);
    if (isNew && !listed) {
      setSaveWhenListed(true);
      return;
    }
    const { id: pageId, ...fields } = draft;
    const idCheck = slugIdSchema.safeParse(pageId);
    const parsed = infoPageSchema.safeParse({ ...fields, updatedAt: new Date() });
    const found = [...(idCheck.success ? [] : [`id: ${idCheck.error.issues[0]!.message}`]), ...(parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`))];
    // A new page never replaces one: the list this device holds (live or offline) is checked first.
    const existing = isNew && idCheck.success ? existingItem(pages.data, pageId) : undefined;
    if (existing) found.push(existsMessage(intl, 'page', pageId));
    setProblems(found);
    setTaken(existing ?? null);
    if (!parsed.success || !idCheck.success || existing) return;
    // Offline, the write waits and syncs later; the rules check staff, shape and server time,
    // and refuse a new page (createdAt) over one the server holds: that refusal is explained.
    const ref = doc(db(), firestorePaths.infoPage(appConfig.festivalId, pageId));
    const { order, title, body } = parsed.data;
    if (isNew) {
      setDoc(ref, { order, title, body, updatedAt: serverTimestamp(), ...createdNow() }).catch(async (failure: unknown) => {
        const explained = await explainRefusedCreate(ref, failure);
        setError(explained);
        // That address is another page: saving again must create, never edit it.
        if (explained instanceof CreateRefused && draftId.current === pageId) {
          setIsNew(true);
          setSaved(null);
        }
      });
    } else {
      // An edit changes its fields only (createdAt stays as the rules require).
      updateDoc(ref, { order, title, body, updatedAt: serverTimestamp() }).catch(setError);
    }
    setIsNew(false);
    setSaved(parsed.data.title.en || parsed.data.title.nl);
  };

  // Once the list has come: the save, with the draft as it is then (an effect event reads the latest render).
  const saveNow = useEffectEvent(save);
  useEffect(() => {
    if (!saveWhenListed || !listed) return;
    setSaveWhenListed(false);
    saveNow();
  }, [saveWhenListed, listed]);

  const remove = () => {
    if (isNew) return;
    deleteDoc(doc(db(), firestorePaths.infoPage(appConfig.festivalId, draft.id))).catch(setError);
    edit(null);
  };

  const text = (field: 'title' | 'body', language: 'en' | 'nl') => ({
    id: `${id}-${field}-${language}`,
    value: draft[field][language],
    onChange: (event: { target: { value: string } }) => setDraft((previous) => ({ ...previous, [field]: { ...previous[field], [language]: event.target.value } })),
  });

  return (
    <section aria-labelledby={`${id}-title`} className="stack">
      <h2 id={`${id}-title`}>
        <FormattedMessage id="staff.info.title" defaultMessage="Practical information" />
      </h2>
      {pages.status === 'error' ? <ErrorNotice error={pages.error} /> : null}
      <div className="field" style={{ maxWidth: 420 }}>
        <label htmlFor={`${id}-pick`}>
          <FormattedMessage id="staff.info.pick" defaultMessage="Page" />
        </label>
        <select id={`${id}-pick`} value={isNew ? '' : draft.id} onChange={(event) => edit(pages.data.find((page) => page.id === event.target.value) ?? null)}>
          <option value="">{intl.formatMessage({ id: 'staff.info.new', defaultMessage: 'A new page' })}</option>
          {pages.data.map((page) => (
            <option key={page.id} value={page.id}>
              {page.order} · {page.title.en || page.title.nl}
            </option>
          ))}
        </select>
      </div>
      {saved ? (
        <p className="notice notice-info" role="status">
          <FormattedMessage id="staff.info.saved" defaultMessage="“{title}” is saved: visitors get it with the programme, offline too." values={{ title: saved }} />
        </p>
      ) : null}
      {saveWhenListed ? (
        <p className="notice notice-info" role="status">
          <FormattedMessage id="staff.info.checking" defaultMessage="Checking the festival’s pages before saving…" />
        </p>
      ) : null}
      {error ? <CreateErrorNotice error={error} /> : null}
      {problems.length > 0 ? (
        <div className="notice notice-error" role="alert">
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
          {taken ? (
            <button type="button" className="button button-small" onClick={() => edit(taken)}>
              <FormattedMessage id="staff.info.openTaken" defaultMessage="Open “{title}”" values={{ title: taken.title.en || taken.title.nl }} />
            </button>
          ) : null}
        </div>
      ) : null}
      <form
        className="form-grid panel"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-id`}>
            <FormattedMessage id="staff.info.id" defaultMessage="Address (lowercase letters, digits, dashes)" />
          </label>
          <input id={`${id}-id`} value={draft.id} readOnly={!isNew} onChange={(event) => setDraft((previous) => ({ ...previous, id: event.target.value }))} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-order`}>
            <FormattedMessage id="staff.info.order" defaultMessage="Order (lower first)" />
          </label>
          <input id={`${id}-order`} type="number" min={0} max={999} value={draft.order} onChange={(event) => setDraft((previous) => ({ ...previous, order: Number(event.target.value) }))} />
        </div>
        {(['en', 'nl'] as const).map((language) => (
          <fieldset key={language} className="stack" style={{ gridColumn: '1 / -1', border: 0, padding: 0, margin: 0 }}>
            <legend>{language === 'en' ? intl.formatMessage({ id: 'staff.info.english', defaultMessage: 'English' }) : intl.formatMessage({ id: 'staff.info.dutch', defaultMessage: 'Dutch' })}</legend>
            <div className="field">
              <label htmlFor={`${id}-title-${language}`}>
                <FormattedMessage id="staff.info.titleField" defaultMessage="Title" />
              </label>
              <input {...text('title', language)} maxLength={120} />
            </div>
            <div className="field">
              <label htmlFor={`${id}-body-${language}`}>
                <FormattedMessage id="staff.info.bodyField" defaultMessage="Text" />
              </label>
              <textarea {...text('body', language)} maxLength={10_000} rows={8} aria-describedby={`${id}-format`} />
            </div>
            {draft.body[language] ? (
              <div className="panel" lang={language}>
                <FormattedText source={draft.body[language]} headingLevel={3} />
              </div>
            ) : null}
          </fieldset>
        ))}
        <p id={`${id}-format`} className="field-hint" style={{ gridColumn: '1 / -1' }}>
          <FormattedMessage id="staff.info.format" defaultMessage="“## ” starts a heading, “- ” a list item; **bold**; [a link](https://…). Either language may stay empty: readers then get the other." />
        </p>
        <div style={{ display: 'flex', gap: 'var(--space-2)', gridColumn: '1 / -1' }}>
          <button type="submit" className="button">
            <FormattedMessage id="staff.info.save" defaultMessage="Save the page" />
          </button>
          {!isNew ? (
            <button type="button" className="button button-secondary" onClick={remove}>
              <FormattedMessage id="staff.info.delete" defaultMessage="Delete the page" />
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
