import { ARTIST_LINK_KINDS, artistInputSchema, firestorePaths, normaliseLink, slugify, type ArtistLinkKind } from '@encore/model';
import { deleteField, doc, setDoc, updateDoc } from 'firebase/firestore';
import { useState } from 'react';
import { Button, FieldError, Form, Input, Label, TextArea, TextField } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ArtistDoc, Programme } from '../../festival/programme';
import { db } from '../../firebase/firestore';
import { CreateErrorNotice } from './CreateErrorNotice';
import { CreateRefused, createdNow, existingItem, existsMessage, explainRefusedCreate } from './create-guard';
import { ArtistPicture } from '../performance/ArtistPicture';
import { linkNames } from '../performance/ArtistLinks';
import { StaffImageUpload } from './StaffImageUpload';

type Values = Record<'name' | 'genres' | 'country' | 'bio' | ArtistLinkKind, string>;

const EMPTY: Values = { name: '', genres: '', country: '', bio: '', website: '', listen: '', instagram: '', tiktok: '', youtube: '', facebook: '', bluesky: '' };

function valuesOf(artist: ArtistDoc | null): Values {
  if (!artist) return EMPTY;
  return {
    ...EMPTY,
    name: artist.name,
    genres: artist.genres.join(', '),
    country: artist.country ?? '',
    bio: artist.bio,
    ...Object.fromEntries(ARTIST_LINK_KINDS.map((kind) => [kind, artist.links?.[kind] ?? ''])),
  };
}

/**
 * Artists, edited live: name, genres, country, biography, links (https only, each checked
 * against the shared schema as the rules check it), and the picture, uploaded through the
 * photo pipeline. Saving never touches the picture fields, which belong to the pipeline.
 */
export function ArtistEditor({ programme }: { programme: Programme }) {
  const intl = useIntl();
  const [editing, setEditing] = useState<ArtistDoc | 'new' | null>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [error, setError] = useState<unknown>(null);
  const artists = [...programme.artists.values()].sort((a, b) => a.name.localeCompare(b.name));
  // The live document of the artist being edited (the picture's status changes while the form is open).
  const current = editing && editing !== 'new' ? (programme.artists.get(editing.id) ?? editing) : null;

  const open = (artist: ArtistDoc | 'new') => {
    setEditing(artist);
    setValues(valuesOf(artist === 'new' ? null : artist));
    setIssues({});
  };

  const save = () => {
    const links = Object.fromEntries(ARTIST_LINK_KINDS.map((kind) => [kind, normaliseLink(values[kind])]).filter(([, url]) => url !== ''));
    const input = {
      name: values.name,
      bio: values.bio.trim(),
      genres: values.genres.split(',').map((genre) => genre.trim()).filter(Boolean),
      ...(values.country.trim() ? { country: values.country.trim().toUpperCase() } : {}),
      ...(Object.keys(links).length > 0 ? { links } : {}),
    };
    const parsed = artistInputSchema.safeParse(input);
    if (!parsed.success) {
      setIssues(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] === 'links' ? issue.path[1] : issue.path[0]), issue.message])));
      return;
    }
    const id = current?.id ?? slugify(parsed.data.name);
    if (!current && !id) {
      setIssues({ name: intl.formatMessage({ id: 'staff.artistEditor.needsLetter', defaultMessage: 'Needs at least one letter or digit' }) });
      return;
    }
    // A new artist never replaces one: the programme this device holds is checked first.
    const existing = current ? undefined : existingItem(programme.artists.values(), id);
    if (existing) {
      setIssues({ name: existsMessage(intl, 'artist', id, existing.name) });
      return;
    }
    setError(null);
    const ref = doc(db(), firestorePaths.artist(programme.festivalId, id));
    // An existing artist keeps the picture the pipeline made: only staff's fields change.
    if (current) {
      updateDoc(ref, { ...parsed.data, country: parsed.data.country ?? deleteField(), links: parsed.data.links ?? deleteField() }).catch(setError);
    } else {
      // The rules refuse it if the server holds that artist (created meanwhile elsewhere):
      // then the form goes back to "new", so saving again never edits the other artist.
      setDoc(ref, { ...parsed.data, ...createdNow() }).catch(async (failure: unknown) => {
        const explained = await explainRefusedCreate(ref, failure);
        setError(explained);
        if (explained instanceof CreateRefused) setEditing((open) => (open && open !== 'new' && open.id === id ? 'new' : open));
      });
    }
    // The form stays open on the artist, so a new one can get its picture at once.
    setEditing(current ?? { id, ...parsed.data });
  };

  const field = (name: keyof Values, label: string, options: { long?: boolean; optional?: boolean; placeholder?: string } = {}) => (
    <TextField key={name} className="field" name={name} value={values[name]} onChange={(value) => setValues((previous) => ({ ...previous, [name]: value }))} isRequired={!options.optional}>
      <Label>{label}</Label>
      {options.long ? <TextArea /> : <Input placeholder={options.placeholder} />}
      <FieldError className="field-error" />
    </TextField>
  );

  return (
    <>
      {error ? <CreateErrorNotice error={error} /> : null}
      <div className="button-row" style={{ marginBottom: 'var(--space-3)' }}>
        <Button className="button button-small" onPress={() => open('new')}>
          <FormattedMessage id="staff.artistEditor.add" defaultMessage="Add artist" />
        </Button>
      </div>
      {editing ? (
        <section className="panel" style={{ marginBottom: 'var(--space-4)' }} aria-labelledby="artist-form-title">
          <h3 id="artist-form-title">
            {current ? (
              <FormattedMessage id="staff.artistEditor.editTitle" defaultMessage="Edit {name}" values={{ name: current.name }} />
            ) : (
              <FormattedMessage id="staff.artistEditor.addTitle" defaultMessage="Add an artist" />
            )}
          </h3>
          {current ? (
            <StaffImageUpload
              festivalId={programme.festivalId}
              subject={{ kind: 'artist', artistId: current.id }}
              image={current.image}
              upload={current.imageUpload}
              label={<FormattedMessage id="staff.artistEditor.picture" defaultMessage="Picture (square works best; JPEG, PNG, WebP, AVIF, GIF or TIFF, up to 20 MB)" />}
              previewAlt={intl.formatMessage({ id: 'staff.artistEditor.pictureAlt', defaultMessage: 'Current picture of {name}' }, { name: current.name })}
            />
          ) : (
            <p className="muted">
              <FormattedMessage id="staff.artistEditor.pictureLater" defaultMessage="Save the artist first, then add a picture." />
            </p>
          )}
          <Form
            className="form-grid"
            validationErrors={issues}
            onSubmit={(event) => {
              event.preventDefault();
              save();
            }}
          >
            {field('name', intl.formatMessage({ id: 'staff.artistEditor.name', defaultMessage: 'Name' }))}
            {field('genres', intl.formatMessage({ id: 'staff.artistEditor.genres', defaultMessage: 'Genres (comma-separated)' }), { optional: true })}
            {field('country', intl.formatMessage({ id: 'staff.artistEditor.country', defaultMessage: 'Country (ISO code, e.g. NL)' }), { optional: true })}
            {field('bio', intl.formatMessage({ id: 'staff.artistEditor.bio', defaultMessage: 'Biography' }), { long: true, optional: true })}
            <fieldset className="form-grid" style={{ gridColumn: '1 / -1', border: 0, padding: 0, margin: 0 }}>
              <legend className="field-label">
                <FormattedMessage id="staff.artistEditor.links" defaultMessage="Links (https only; socials must be on their own site)" />
              </legend>
              {ARTIST_LINK_KINDS.map((kind) => field(kind, intl.formatMessage(linkNames[kind]), { optional: true, placeholder: kind === 'website' || kind === 'listen' ? 'https://' : `https://${kind === 'bluesky' ? 'bsky.app' : `${kind}.com`}/…` }))}
            </fieldset>
            <div className="button-row" style={{ gridColumn: '1 / -1' }}>
              <Button type="submit" className="button">
                {current ? <FormattedMessage id="staff.artistEditor.save" defaultMessage="Save changes" /> : <FormattedMessage id="staff.artistEditor.create" defaultMessage="Add artist" />}
              </Button>
              <Button className="button button-secondary" onPress={() => setEditing(null)}>
                <FormattedMessage id="staff.artistEditor.close" defaultMessage="Close" />
              </Button>
            </div>
          </Form>
        </section>
      ) : null}
      <ul className="set-list">
        {artists.map((artist) => (
          <li key={artist.id} className="set-card staff-artist-row">
            <ArtistPicture artist={artist} size="small" />
            <span className="staff-artist-name">
              {artist.name}
              {artist.imageUpload?.status === 'processing' ? (
                <span className="muted">
                  {' · '}
                  <FormattedMessage id="staff.artistEditor.processing" defaultMessage="picture processing" />
                </span>
              ) : null}
            </span>
            <Button className="button button-secondary button-small" onPress={() => open(artist)} aria-label={intl.formatMessage({ id: 'staff.artistEditor.editLabel', defaultMessage: 'Edit {name}' }, { name: artist.name })}>
              <FormattedMessage id="staff.artistEditor.edit" defaultMessage="Edit" />
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}
