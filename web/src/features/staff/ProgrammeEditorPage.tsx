import { festivalDayOf, festivalDays, firestorePaths, slugify, stageOverlaps, stageSchema } from '@encore/model';
import { deleteField, doc, setDoc, updateDoc } from 'firebase/firestore';
import { useState } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay, Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { useFestival } from '../../festival/FestivalContext';
import { useLiveCounts } from '../../festival/LiveCountsContext';
import type { PerformanceDoc, Programme } from '../../festival/programme';
import { db } from '../../firebase/firestore';
import { dayLabel, shortDayLabel, timeRange } from '../../time/format';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { FestivalGate } from '../../ui/FestivalGate';
import { StageDelays } from '../delay/StageDelays';
import { WasTime } from '../delay/WasTime';
import { ArtistEditor } from './ArtistEditor';
import { SimpleDocForm } from './SimpleDocForm';
import { PerformanceForm, type PerformanceDraft } from './PerformanceForm';

/** Stages, artists and sets, edited live; every save is validated with the shared schemas. */
export default function ProgrammeEditorPage() {
  const intl = useIntl();
  const festival = useFestival();
  return (
    <section aria-labelledby="editor-title">
      <h2 id="editor-title">
        <FormattedMessage id="staff.editor.title" defaultMessage="Programme editor" />
      </h2>
      <FestivalGate state={festival}>
        {(programme) => (
          <Tabs>
            <TabList aria-label={intl.formatMessage({ id: 'staff.editor.what', defaultMessage: 'What to edit' })}>
              <Tab id="sets">
                <FormattedMessage id="staff.editor.sets" defaultMessage="Sets" />
              </Tab>
              <Tab id="stages">
                <FormattedMessage id="staff.editor.stages" defaultMessage="Stages" />
              </Tab>
              <Tab id="artists">
                <FormattedMessage id="staff.editor.artists" defaultMessage="Artists" />
              </Tab>
            </TabList>
            <TabPanel id="sets">
              <SetsEditor programme={programme} />
            </TabPanel>
            <TabPanel id="stages">
              <SimpleDocForm
                addLabel={intl.formatMessage({ id: 'staff.editor.addStage', defaultMessage: 'Add stage' })}
                schema={stageSchema}
                items={programme.stages.map(({ id, ...data }) => ({ id, data }))}
                fields={[
                  { name: 'name', label: intl.formatMessage({ id: 'staff.editor.stageName', defaultMessage: 'Name' }) },
                  { name: 'order', label: intl.formatMessage({ id: 'staff.editor.stageOrder', defaultMessage: 'Order (0 first)' }), number: true },
                  { name: 'color', label: intl.formatMessage({ id: 'staff.editor.stageColour', defaultMessage: 'Colour (#rrggbb)' }), optional: true },
                ]}
                pathOf={(id) => firestorePaths.stage(programme.festivalId, id)}
                idOf={(data) => slugify(String(data['name'] ?? ''))}
                kind="stage"
              />
            </TabPanel>
            <TabPanel id="artists">
              <ArtistEditor programme={programme} />
            </TabPanel>
          </Tabs>
        )}
      </FestivalGate>
    </section>
  );
}

function SetsEditor({ programme }: { programme: Programme }) {
  const intl = useIntl();
  const days = festivalDays(programme.festival);
  const [day, setDay] = useState(days[0]!.date);
  const [editing, setEditing] = useState<PerformanceDoc | 'new' | null>(null);
  const [error, setError] = useState<unknown>(null);
  const sets = programme.performances.filter((set) => festivalDayOf(set.startsAt, programme.festival) === day);
  // Sets on top of another on their stage (the import's check flags the same, stageOverlaps):
  // each is marked with whom it overlaps; a warning, as staff may be mid-reshuffle.
  const overlapsOf = new Map<string, PerformanceDoc[]>();
  for (const [a, b] of stageOverlaps(programme.performances)) {
    overlapsOf.set(a.id, [...(overlapsOf.get(a.id) ?? []), b]);
    overlapsOf.set(b.id, [...(overlapsOf.get(b.id) ?? []), a]);
  }
  const nameOf = (set: PerformanceDoc) => programme.artists.get(set.artistId)?.name ?? set.artistId;
  // Published apart from the programme (festivals/{f}/live/sets), at most ~30 s behind.
  const { favorites } = useLiveCounts();

  const save = ({ id, input, isNew }: PerformanceDraft) => {
    setError(null);
    const ref = doc(db(), firestorePaths.performance(programme.festivalId, id));
    // Offline, writes queue and the table shows them at once; errors arrive when they sync.
    const write = isNew
      ? setDoc(ref, input)
      : updateDoc(ref, { ...input, title: input.title ?? deleteField() });
    write.catch(setError);
    setEditing(null);
  };

  return (
    <>
      {error ? <ErrorNotice error={error} /> : null}
      <div className="button-row" style={{ marginBottom: 'var(--space-3)' }}>
        {days.map((festivalDay) => (
          <Button
            key={festivalDay.date}
            className={`button button-small${festivalDay.date === day ? '' : ' button-secondary'}`}
            onPress={() => setDay(festivalDay.date)}
            aria-pressed={festivalDay.date === day}
          >
            {shortDayLabel(intl, festivalDay.date)}
          </Button>
        ))}
        <Button className="button button-small" onPress={() => setEditing('new')}>
          <FormattedMessage id="staff.editor.addSet" defaultMessage="Add a set" />
        </Button>
      </div>
      <StageDelays programme={programme} day={day} />
      <table className="data-table responsive-table">
        <caption className="visually-hidden">
          <FormattedMessage id="staff.editor.caption" defaultMessage="Sets on {day}" values={{ day: dayLabel(intl, day) }} />
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage id="staff.editor.time" defaultMessage="Time" />
            </th>
            <th scope="col">
              <FormattedMessage id="staff.editor.stage" defaultMessage="Stage" />
            </th>
            <th scope="col">
              <FormattedMessage id="staff.editor.artist" defaultMessage="Artist" />
            </th>
            <th scope="col">
              <FormattedMessage id="staff.editor.status" defaultMessage="Status" />
            </th>
            <th scope="col">
              <FormattedMessage id="staff.editor.fans" defaultMessage="Fans" />
            </th>
            <th scope="col">
              <span className="visually-hidden">
                <FormattedMessage id="staff.editor.actions" defaultMessage="Actions" />
              </span>
            </th>
          </tr>
        </thead>
        <tbody>
          {sets.map((set) => {
            const artist = programme.artists.get(set.artistId)?.name ?? set.artistId;
            return (
              <tr key={set.id}>
                <td>
                  {timeRange(intl, set.startsAt, set.endsAt, programme.festival)}
                  <WasTime scheduled={set.scheduled} festival={programme.festival} />
                </td>
                <td>{programme.stages.find((stage) => stage.id === set.stageId)?.name ?? set.stageId}</td>
                <td>
                  {artist}
                  {set.title ? <span className="muted"> · {set.title}</span> : null}
                  {overlapsOf.has(set.id) ? (
                    <span className="overlap-mark">
                      <FormattedMessage
                        id="staff.editor.overlaps"
                        defaultMessage="Overlaps {sets} on this stage"
                        values={{
                          sets: intl.formatList(
                            overlapsOf.get(set.id)!.map((other) => `${nameOf(other)} (${timeRange(intl, other.startsAt, other.endsAt, programme.festival)})`),
                            { type: 'conjunction' },
                          ),
                        }}
                      />
                    </span>
                  ) : null}
                </td>
                <td>
                  {set.status === 'cancelled' ? (
                    <FormattedMessage id="staff.editor.cancelled" defaultMessage="Cancelled" />
                  ) : (
                    <FormattedMessage id="staff.editor.scheduled" defaultMessage="Scheduled" />
                  )}
                </td>
                <td data-label={intl.formatMessage({ id: 'staff.editor.fans', defaultMessage: 'Fans' })}>{favorites[set.id] ?? 0}</td>
                <td className="cell-action">
                  <Button className="button button-secondary button-small" onPress={() => setEditing(set)} aria-label={intl.formatMessage({ id: 'staff.editor.editLabel', defaultMessage: 'Edit {name}' }, { name: artist })}>
                    <FormattedMessage id="staff.editor.edit" defaultMessage="Edit" />
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
            <Heading slot="title">
              {editing === 'new' ? (
                <FormattedMessage id="staff.editor.addSetTitle" defaultMessage="Add a set" />
              ) : (
                <FormattedMessage id="staff.editor.editSetTitle" defaultMessage="Edit set" />
              )}
            </Heading>
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
