import { festivalDayOf, festivalDays, localTime, performanceIdFor, performanceInputSchema, performanceSchema, stageOverlaps, type PerformanceInput } from '@encore/model';
import { useState } from 'react';
import { Button, FieldError, Form, Input, Label, ListBox, ListBoxItem, Popover, Select, SelectValue, TextField } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import type { PerformanceDoc, Programme } from '../../festival/programme';
import { dayLabel, timeRange } from '../../time/format';
import { instantOn } from './editor-time';

export interface PerformanceDraft {
  id: string;
  input: PerformanceInput;
  isNew: boolean;
}

/**
 * Add or edit a set. Validated with the shared schemas before saving; overlaps with other
 * sets on the same stage are warnings (staff may be mid-reshuffle), not errors.
 */
export function PerformanceForm({
  programme,
  editing,
  onSave,
  onCancel,
}: {
  programme: Programme;
  editing: PerformanceDoc | null;
  onSave(draft: PerformanceDraft): void;
  onCancel(): void;
}) {
  const intl = useIntl();
  const festival = programme.festival;
  const [artistId, setArtistId] = useState(editing?.artistId ?? '');
  const [stageId, setStageId] = useState(editing?.stageId ?? programme.stages[0]?.id ?? '');
  const [day, setDay] = useState(editing ? festivalDayOf(editing.startsAt, festival) : festival.startsOn);
  const [start, setStart] = useState(editing ? localTime(editing.startsAt, festival) : '20:00');
  const [end, setEnd] = useState(editing ? localTime(editing.endsAt, festival) : '21:00');
  const [status, setStatus] = useState<'scheduled' | 'cancelled'>(editing?.status ?? 'scheduled');
  const [title, setTitle] = useState(editing?.title ?? '');
  const [issues, setIssues] = useState<Record<string, string>>({});

  const startsAt = instantOn(day, start, festival);
  let endsAt = instantOn(day, end, festival);
  if (startsAt && endsAt && endsAt <= startsAt) endsAt = new Date(endsAt.getTime() + 86_400_000);
  const candidate = startsAt && endsAt ? { id: editing?.id ?? 'new', artistId, stageId, startsAt, endsAt, status } : null;
  const overlaps = candidate
    ? stageOverlaps([...programme.performances.filter((set) => set.id !== candidate.id), candidate]).filter(
        ([a, b]) => a.id === candidate.id || b.id === candidate.id,
      )
    : [];

  const submit = () => {
    const next: Record<string, string> = {};
    if (!startsAt) next['start'] = intl.formatMessage({ id: 'staff.performanceForm.startFormat', defaultMessage: 'Use a time like 21:30' });
    if (!endsAt) next['end'] = intl.formatMessage({ id: 'staff.performanceForm.endFormat', defaultMessage: 'Use a time like 22:45' });
    const input = { artistId, stageId, startsAt, endsAt, status, ...(title.trim() ? { title: title.trim() } : {}) };
    const parsed = performanceInputSchema.safeParse(input);
    if (!parsed.success) for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
    if (parsed.success) {
      const full = performanceSchema.safeParse({ ...parsed.data, favoriteCount: 0, photoCount: 0 });
      if (!full.success) for (const issue of full.error.issues) next[issue.path[0] === 'endsAt' ? 'end' : String(issue.path[0])] ??= issue.message;
    }
    setIssues(next);
    if (Object.keys(next).length > 0 || !parsed.success) return;
    onSave({ id: editing?.id ?? performanceIdFor(parsed.data), input: parsed.data, isNew: !editing });
  };

  return (
    <Form
      className="form-grid"
      validationErrors={issues}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Choice label={intl.formatMessage({ id: 'staff.performanceForm.artist', defaultMessage: 'Artist' })} name="artistId" value={artistId} onChange={setArtistId} error={issues['artistId']}
        options={[...programme.artists.values()].sort((a, b) => a.name.localeCompare(b.name)).map((artist) => ({ id: artist.id, name: artist.name }))} />
      <Choice label={intl.formatMessage({ id: 'staff.performanceForm.stage', defaultMessage: 'Stage' })} name="stageId" value={stageId} onChange={setStageId} error={issues['stageId']}
        options={programme.stages.map((stage) => ({ id: stage.id, name: stage.name }))} />
      <Choice label={intl.formatMessage({ id: 'staff.performanceForm.day', defaultMessage: 'Festival day' })} name="day" value={day} onChange={setDay}
        options={festivalDays(festival).map((festivalDay) => ({ id: festivalDay.date, name: dayLabel(intl, festivalDay.date) }))} />
      <TextField className="field" name="start" value={start} onChange={setStart} isRequired>
        <Label>
          <FormattedMessage id="staff.performanceForm.starts" defaultMessage="Starts (HH:mm)" />
        </Label>
        <Input inputMode="numeric" />
        <FieldError className="field-error" />
      </TextField>
      <TextField className="field" name="end" value={end} onChange={setEnd} isRequired>
        <Label>
          <FormattedMessage id="staff.performanceForm.ends" defaultMessage="Ends (HH:mm)" />
        </Label>
        <Input inputMode="numeric" />
        <FieldError className="field-error" />
      </TextField>
      <Choice label={intl.formatMessage({ id: 'staff.performanceForm.status', defaultMessage: 'Status' })} name="status" value={status} onChange={(value) => setStatus(value as 'scheduled' | 'cancelled')}
        options={[
          { id: 'scheduled', name: intl.formatMessage({ id: 'staff.performanceForm.scheduled', defaultMessage: 'Scheduled' }) },
          { id: 'cancelled', name: intl.formatMessage({ id: 'staff.performanceForm.cancelled', defaultMessage: 'Cancelled' }) },
        ]} />
      <TextField className="field" name="title" value={title} onChange={setTitle} maxLength={120}>
        <Label>
          <FormattedMessage id="staff.performanceForm.billing" defaultMessage="Billing (optional)" />
        </Label>
        <Input placeholder={intl.formatMessage({ id: 'staff.performanceForm.billingExample', defaultMessage: 'DJ set, Acoustic…' })} />
        <FieldError className="field-error" />
      </TextField>
      {overlaps.length > 0 ? (
        <div className="notice notice-warn" role="status" style={{ gridColumn: '1 / -1' }}>
          <p>
            <FormattedMessage
              id="staff.performanceForm.overlap"
              defaultMessage="<b>Overlap on this stage:</b> {sets}. You can still save."
              values={{
                b: (text) => <strong>{text}</strong>,
                sets: intl.formatList(
                  overlaps
                    .map(([a, b]) => (a.id === candidate!.id ? b : a))
                    .map(
                      (other) =>
                        `${programme.artists.get(other.artistId)?.name ?? intl.formatMessage({ id: 'staff.performanceForm.aSet', defaultMessage: 'a set' })} (${timeRange(intl, other.startsAt, other.endsAt, festival)})`,
                    ),
                  { type: 'conjunction' },
                ),
              }}
            />
          </p>
        </div>
      ) : null}
      <div className="button-row" style={{ gridColumn: '1 / -1' }}>
        <Button type="submit" className="button">
          {editing ? (
            <FormattedMessage id="staff.performanceForm.save" defaultMessage="Save changes" />
          ) : (
            <FormattedMessage id="staff.performanceForm.add" defaultMessage="Add set" />
          )}
        </Button>
        <Button className="button button-secondary" onPress={onCancel}>
          <FormattedMessage id="staff.performanceForm.cancel" defaultMessage="Cancel" />
        </Button>
      </div>
    </Form>
  );
}

function Choice({
  label,
  name,
  value,
  options,
  onChange,
  error,
}: {
  label: string;
  name: string;
  value: string;
  options: Array<{ id: string; name: string }>;
  onChange(value: string): void;
  error?: string | undefined;
}) {
  return (
    <Select className="field field-select" name={name} selectedKey={value || null} onSelectionChange={(key) => key !== null && onChange(String(key))} isInvalid={Boolean(error)}>
      <Label>{label}</Label>
      <Button className="select-button">
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </Button>
      {error ? <p className="field-error">{error}</p> : null}
      <Popover className="popover">
        <ListBox className="listbox">
          {options.map((option) => (
            <ListBoxItem className="listbox-item" key={option.id} id={option.id}>
              {option.name}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}
