import { performanceIdFor, performanceInputSchema, performanceSchema, stageOverlaps, type PerformanceInput } from '@encore/model';
import type { ZonedDateTime } from '@internationalized/date';
import { useState } from 'react';
import {
  Button,
  DateInput,
  DatePicker,
  DateSegment,
  FieldError,
  Form,
  Group,
  I18nProvider,
  Input,
  Label,
  Text,
  TextField,
} from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import type { PerformanceDoc, Programme } from '../../festival/programme';
import { timeRange } from '../../time/format';
import { SelectField } from '../../ui/SelectField';
import { CalendarPopover } from '../../ui/CalendarPopover';
import './staff-tools.css';
import { festivalAt, festivalDateTime, festivalRange, instantOf, keepLength } from './editor-time';

export interface PerformanceDraft {
  id: string;
  input: PerformanceInput;
  isNew: boolean;
}

/**
 * Add or edit a set. Start and end are picked (typed segment by segment, or from a calendar)
 * on the festival's clock, whatever zone the laptop is in. Validated with the shared schemas
 * before saving; overlaps with other sets on the same stage are warnings (staff may be
 * mid-reshuffle), not errors.
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
  const range = festivalRange(festival);
  const [start, setStart] = useState<ZonedDateTime | null>(editing ? festivalDateTime(editing.startsAt, festival) : festivalAt(festival.startsOn, '20:00', festival));
  const [end, setEnd] = useState<ZonedDateTime | null>(editing ? festivalDateTime(editing.endsAt, festival) : festivalAt(festival.startsOn, '21:00', festival));
  const [status, setStatus] = useState<'scheduled' | 'cancelled'>(editing?.status ?? 'scheduled');
  const [title, setTitle] = useState(editing?.title ?? '');
  const [issues, setIssues] = useState<Record<string, string>>({});

  const changeStart = (next: ZonedDateTime | null) => {
    // The end moves with the start, so the set keeps its length.
    if (start && next && end) setEnd(keepLength(start, next, end));
    setStart(next);
  };
  const startsAt = start ? instantOf(start) : null;
  const endsAt = end ? instantOf(end) : null;
  const candidate = startsAt && endsAt ? { id: editing?.id ?? 'new', artistId, stageId, startsAt, endsAt, status } : null;
  const overlaps = candidate
    ? stageOverlaps([...programme.performances.filter((set) => set.id !== candidate.id), candidate]).filter(
        ([a, b]) => a.id === candidate.id || b.id === candidate.id,
      )
    : [];

  const submit = () => {
    const next: Record<string, string> = {};
    if (!startsAt) next['start'] = intl.formatMessage({ id: 'staff.performanceForm.startMissing', defaultMessage: 'Pick when the set starts' });
    if (!endsAt) next['end'] = intl.formatMessage({ id: 'staff.performanceForm.endMissing', defaultMessage: 'Pick when the set ends' });
    const input = { artistId, stageId, startsAt, endsAt, status, ...(title.trim() ? { title: title.trim() } : {}) };
    const parsed = performanceInputSchema.safeParse(input);
    if (!parsed.success) for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
    if (parsed.success) {
      const full = performanceSchema.safeParse(parsed.data);
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
      <SelectField label={intl.formatMessage({ id: 'staff.performanceForm.artist', defaultMessage: 'Artist' })} name="artistId" selectedKey={artistId || null} onChange={setArtistId} error={issues['artistId']}
        options={[...programme.artists.values()].sort((a, b) => a.name.localeCompare(b.name)).map((artist) => ({ id: artist.id, name: artist.name }))} />
      <SelectField label={intl.formatMessage({ id: 'staff.performanceForm.stage', defaultMessage: 'Stage' })} name="stageId" selectedKey={stageId || null} onChange={setStageId} error={issues['stageId']}
        options={programme.stages.map((stage) => ({ id: stage.id, name: stage.name }))} />
      <FestivalDateTime
        name="start"
        label={intl.formatMessage({ id: 'staff.performanceForm.starts', defaultMessage: 'Starts' })}
        value={start}
        onChange={changeStart}
        range={range}
        timeZone={festival.timeZone}
        error={issues['start']}
      />
      <FestivalDateTime
        name="end"
        label={intl.formatMessage({ id: 'staff.performanceForm.ends', defaultMessage: 'Ends' })}
        value={end}
        onChange={setEnd}
        range={range}
        timeZone={festival.timeZone}
        error={issues['end']}
      />
      <SelectField label={intl.formatMessage({ id: 'staff.performanceForm.status', defaultMessage: 'Status' })} name="status" selectedKey={status} onChange={(value) => setStatus(value as 'scheduled' | 'cancelled')}
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

/**
 * A date and time on the festival's clock: segments typed with the keyboard (arrow keys step
 * them), or the date from a calendar. Its zone is the festival's, shown as the last segment.
 */
export function FestivalDateTime({
  name,
  label,
  value,
  onChange,
  range,
  timeZone,
  error,
}: {
  name: string;
  label: string;
  value: ZonedDateTime | null;
  onChange(value: ZonedDateTime | null): void;
  range: { min: ZonedDateTime; max: ZonedDateTime };
  timeZone: string;
  error?: string | undefined;
}) {
  const intl = useIntl();
  // Dates in the app's language (react-intl's tag: en-GB or nl-NL), day first (14/08/2026) as on European posters, clocks 24-hour.
  return (
    <I18nProvider locale={intl.locale}>
    <DatePicker
      className="field field-datetime"
      name={name}
      value={value}
      onChange={onChange}
      granularity="minute"
      hourCycle={24}
      minValue={range.min}
      maxValue={range.max}
      placeholderValue={range.min}
      isRequired
      isInvalid={Boolean(error)}
    >
      <Label>{label}</Label>
      <Group className="datetime-group">
        <DateInput className="datetime-input">{(segment) => <DateSegment segment={segment} className="datetime-segment" />}</DateInput>
        <Button className="button button-secondary button-small datetime-button" aria-label={intl.formatMessage({ id: 'staff.performanceForm.calendar', defaultMessage: 'Pick the date from a calendar' })}>
          ▾
        </Button>
      </Group>
      <Text slot="description" className="field-hint">
        <FormattedMessage id="staff.performanceForm.festivalTime" defaultMessage="Festival time ({zone})" values={{ zone: timeZone }} />
      </Text>
      {error ? <p className="field-error">{error}</p> : <FieldError className="field-error" />}
      <CalendarPopover />
    </DatePicker>
    </I18nProvider>
  );
}
