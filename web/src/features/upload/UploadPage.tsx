import { festivalDayOf } from '@encore/model';
import { useMemo } from 'react';
import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';
import { Link, useSearchParams } from 'wouter';
import { appConfig } from '../../config/firebase-config';
import { useFestival } from '../../festival/FestivalContext';
import type { Programme } from '../../festival/programme';
import { shortDayLabel, timeRange } from '../../time/format';
import { Loading } from '../../ui/Loading';
import { useAccount } from '../account/AccountContext';
import { storageUploader } from './storage-uploader';
import type { Uploader } from './uploader';
import { useUploads } from './use-uploads';
import { UploadView } from './UploadView';

const NO_SET = '__none__';

export default function UploadPage() {
  const { account } = useAccount();
  return (
    <>
      <header className="page-header">
        <h1>Share photos</h1>
        <p className="muted">Photos go on the wall once the festival’s servers have checked them and removed location data.</p>
      </header>
      {account === undefined ? (
        <Loading label="Checking your account…" />
      ) : !account || account.anonymous ? (
        <p className="notice notice-info">
          To share photos, <Link to="/account">create an account or sign in with email</Link>. Your schedule comes with you.
        </p>
      ) : (
        <Uploads uid={account.uid} />
      )}
    </>
  );
}

function Uploads({ uid }: { uid: string }) {
  const uploader = useMemo(() => storageUploader(uid, appConfig.festivalId), [uid]);
  const { programme } = useFestival();
  return <UploadPanel uploader={uploader} programme={programme} />;
}

/** The upload screen over any Uploader (component tests pass a scripted one). */
export function UploadPanel({ uploader, programme }: { uploader: Uploader; programme: Programme | null }) {
  const [params, setParams] = useSearchParams();
  const performanceId = params.get('performance');
  const uploads = useUploads(uploader, performanceId);
  return (
    <>
      {programme ? (
        <PerformanceChoice
          programme={programme}
          value={performanceId}
          onChange={(id) => setParams(id ? { performance: id } : {}, { replace: true })}
        />
      ) : null}
      <UploadView
        items={uploads.items}
        onFiles={uploads.add}
        onPause={uploads.pause}
        onResume={uploads.resume}
        onCancel={uploads.cancel}
        onRetry={uploads.retry}
        onRemove={uploads.remove}
      />
    </>
  );
}

function PerformanceChoice({ programme, value, onChange }: { programme: Programme; value: string | null; onChange(id: string | null): void }) {
  const label = (id: string) => {
    const set = programme.performances.find((candidate) => candidate.id === id)!;
    const artist = programme.artists.get(set.artistId)?.name ?? 'Unknown artist';
    const stage = programme.stages.find((candidate) => candidate.id === set.stageId)?.name ?? '';
    return `${shortDayLabel(festivalDayOf(set.startsAt, programme.festival))} ${timeRange(set.startsAt, set.endsAt, programme.festival)} · ${artist} · ${stage}`;
  };
  return (
    <Select
      className="field field-select"
      style={{ marginBottom: 16, maxWidth: 560 }}
      selectedKey={value ?? NO_SET}
      onSelectionChange={(key) => onChange(key === NO_SET || key === null ? null : String(key))}
    >
      <Label>Which set are these photos from?</Label>
      <Button className="select-button">
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </Button>
      <Popover className="popover">
        <ListBox className="listbox">
          <ListBoxItem className="listbox-item" id={NO_SET}>
            Not from one set (we’ll guess from the time taken)
          </ListBoxItem>
          {programme.performances.map((set) => (
            <ListBoxItem className="listbox-item" key={set.id} id={set.id} textValue={label(set.id)}>
              {label(set.id)}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}
