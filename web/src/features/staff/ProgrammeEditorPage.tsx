import { artistSchema, festivalDayOf, festivalDays, firestorePaths, slugify, stageSchema } from '@encore/model';
import { deleteField, doc, setDoc, updateDoc } from 'firebase/firestore';
import { useState } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay, Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { useFestival } from '../../festival/FestivalContext';
import type { PerformanceDoc, Programme } from '../../festival/programme';
import { db } from '../../firebase/firestore';
import { dayLabel, shortDayLabel, timeRange } from '../../time/format';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { FestivalGate } from '../../ui/FestivalGate';
import { SimpleDocForm } from './SimpleDocForm';
import { PerformanceForm, type PerformanceDraft } from './PerformanceForm';

/** Stages, artists and sets, edited live; every save is validated with the shared schemas. */
export default function ProgrammeEditorPage() {
  const festival = useFestival();
  return (
    <section aria-labelledby="editor-title">
      <h2 id="editor-title">Programme editor</h2>
      <FestivalGate state={festival}>
        {(programme) => (
          <Tabs>
            <TabList aria-label="What to edit" className="staff-nav">
              <Tab id="sets">Sets</Tab>
              <Tab id="stages">Stages</Tab>
              <Tab id="artists">Artists</Tab>
            </TabList>
            <TabPanel id="sets">
              <SetsEditor programme={programme} />
            </TabPanel>
            <TabPanel id="stages">
              <SimpleDocForm
                kind="stage"
                schema={stageSchema}
                items={programme.stages.map(({ id, ...data }) => ({ id, data }))}
                fields={[
                  { name: 'name', label: 'Name' },
                  { name: 'order', label: 'Order (0 first)', number: true },
                  { name: 'color', label: 'Colour (#rrggbb)', optional: true },
                ]}
                pathOf={(id) => firestorePaths.stage(programme.festivalId, id)}
                idOf={(data) => slugify(String(data['name'] ?? ''))}
              />
            </TabPanel>
            <TabPanel id="artists">
              <SimpleDocForm
                kind="artist"
                schema={artistSchema}
                items={[...programme.artists.values()].map(({ id, ...data }) => ({ id, data }))}
                fields={[
                  { name: 'name', label: 'Name' },
                  { name: 'genres', label: 'Genres (comma-separated)', list: true },
                  { name: 'country', label: 'Country (ISO code, e.g. NL)', optional: true },
                  { name: 'bio', label: 'Biography', long: true },
                ]}
                pathOf={(id) => firestorePaths.artist(programme.festivalId, id)}
                idOf={(data) => slugify(String(data['name'] ?? ''))}
              />
            </TabPanel>
          </Tabs>
        )}
      </FestivalGate>
    </section>
  );
}

function SetsEditor({ programme }: { programme: Programme }) {
  const days = festivalDays(programme.festival);
  const [day, setDay] = useState(days[0]!.date);
  const [editing, setEditing] = useState<PerformanceDoc | 'new' | null>(null);
  const [error, setError] = useState<unknown>(null);
  const sets = programme.performances.filter((set) => festivalDayOf(set.startsAt, programme.festival) === day);

  const save = ({ id, input, isNew }: PerformanceDraft) => {
    setError(null);
    const ref = doc(db(), firestorePaths.performance(programme.festivalId, id));
    // Offline, writes queue and the table shows them at once; errors arrive when they sync.
    const write = isNew
      ? setDoc(ref, { ...input, favoriteCount: 0, photoCount: 0 })
      : updateDoc(ref, { ...input, title: input.title ?? deleteField() });
    write.catch(setError);
    setEditing(null);
  };

  return (
    <>
      {error ? <ErrorNotice error={error} /> : null}
      <div className="button-row" style={{ marginBottom: 12 }}>
        {days.map((festivalDay) => (
          <Button
            key={festivalDay.date}
            className={`button button-small${festivalDay.date === day ? '' : ' button-secondary'}`}
            onPress={() => setDay(festivalDay.date)}
            aria-pressed={festivalDay.date === day}
          >
            {shortDayLabel(festivalDay.date)}
          </Button>
        ))}
        <Button className="button button-small" onPress={() => setEditing('new')}>
          Add a set
        </Button>
      </div>
      <table className="data-table">
        <caption className="visually-hidden">Sets on {dayLabel(day)}</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Stage</th>
            <th scope="col">Artist</th>
            <th scope="col">Status</th>
            <th scope="col">Fans</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {sets.map((set) => {
            const artist = programme.artists.get(set.artistId)?.name ?? set.artistId;
            return (
              <tr key={set.id}>
                <td>{timeRange(set.startsAt, set.endsAt, programme.festival)}</td>
                <td>{programme.stages.find((stage) => stage.id === set.stageId)?.name ?? set.stageId}</td>
                <td>
                  {artist}
                  {set.title ? <span className="muted"> · {set.title}</span> : null}
                </td>
                <td>{set.status === 'cancelled' ? 'Cancelled' : 'Scheduled'}</td>
                <td>{set.favoriteCount}</td>
                <td>
                  <Button className="button button-secondary button-small" onPress={() => setEditing(set)} aria-label={`Edit ${artist}`}>
                    Edit
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <ModalOverlay className="modal-overlay" isDismissable isOpen={editing !== null} onOpenChange={(open) => (open ? null : setEditing(null))}>
        <Modal className="modal modal-small" style={{ width: 'min(720px, 100%)', maxWidth: 720 }}>
          <Dialog>
            <Heading slot="title">{editing === 'new' ? 'Add a set' : 'Edit set'}</Heading>
            {editing !== null ? (
              <PerformanceForm
                programme={programme}
                editing={editing === 'new' ? null : editing}
                onSave={save}
                onCancel={() => setEditing(null)}
              />
            ) : null}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </>
  );
}
