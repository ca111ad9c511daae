import { firestorePaths, uploadRefusalsName, uploadRefusalsSchema, type RejectionCode, type UploadRefusals as UploadRefusalsDoc } from '@encore/model';
import { doc } from 'firebase/firestore';
import { useMemo } from 'react';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { db } from '../../firebase/firestore';
import { useLiveDocument } from '../../firebase/live';
import { clockTime } from '../../time/format';
import { calendarDayOf } from './today-figures';
import { refusalRows } from './upload-refusals';
import './staff-tools.css';
import './upload-refusals.css';

/** Each refusal reason in a few words (the visitor's notice has the full sentence). */
const reasonLabels = defineMessages<RejectionCode>({
  empty: { id: 'staff.uploadRefusals.empty', defaultMessage: 'Empty file' },
  'too-large': { id: 'staff.uploadRefusals.tooLarge', defaultMessage: 'File too large' },
  heic: { id: 'staff.uploadRefusals.heic', defaultMessage: 'HEIC photo' },
  svg: { id: 'staff.uploadRefusals.svg', defaultMessage: 'SVG drawing' },
  unknown: { id: 'staff.uploadRefusals.unknown', defaultMessage: 'Not an image' },
  'too-many-pixels': { id: 'staff.uploadRefusals.tooManyPixels', defaultMessage: 'Too many pixels' },
  corrupt: { id: 'staff.uploadRefusals.corrupt', defaultMessage: 'Damaged image' },
  'no-festival': { id: 'staff.uploadRefusals.noFestival', defaultMessage: 'No such festival' },
  gone: { id: 'staff.uploadRefusals.gone', defaultMessage: 'File gone' },
  quota: { id: 'staff.uploadRefusals.quota', defaultMessage: 'Personal daily limit' },
  unprocessable: { id: 'staff.uploadRefusals.unprocessable', defaultMessage: 'Could not be processed' },
  'implausible-size': { id: 'staff.uploadRefusals.implausibleSize', defaultMessage: 'Implausible size' },
  'festival-busy': { id: 'staff.uploadRefusals.festivalBusy', defaultMessage: 'Festival hourly limit' },
  'icon-not-square': { id: 'staff.uploadRefusals.iconNotSquare', defaultMessage: 'Icon not square' },
  'icon-too-small': { id: 'staff.uploadRefusals.iconTooSmall', defaultMessage: 'Icon too small' },
});

/**
 * The dashboard's refused uploads of today, per hour and why (issue 39), from the day's
 * `stats/uploadRefusals-{day}` that the photo pipeline adds to: one document, no counting here.
 */
export function UploadRefusals({ festivalId, timeZone, now }: { festivalId: string; timeZone: string; now: Date }) {
  const day = calendarDayOf(now, timeZone);
  const ref = useMemo(() => doc(db(), firestorePaths.stats(festivalId, uploadRefusalsName(day))), [festivalId, day]);
  const refusals = useLiveDocument(ref, uploadRefusalsSchema);
  return <UploadRefusalsTable refusals={refusals.status === 'loading' ? undefined : refusals.data} timeZone={timeZone} />;
}

/** The table itself: `undefined` while loading, `null` when nothing was refused today. */
export function UploadRefusalsTable({ refusals, timeZone }: { refusals: Pick<UploadRefusalsDoc, 'hours'> | null | undefined; timeZone: string }) {
  const intl = useIntl();
  const rows = refusalRows(refusals);
  return (
    <section className="panel upload-refusals" aria-labelledby="upload-refusals-title">
      <h3 id="upload-refusals-title">
        <FormattedMessage id="staff.uploadRefusals.title" defaultMessage="Uploads refused today" />
      </h3>
      {refusals === undefined ? (
        <p className="muted">–</p>
      ) : rows.length === 0 ? (
        <p className="muted">
          <FormattedMessage id="staff.uploadRefusals.none" defaultMessage="No upload has been refused today." />
        </p>
      ) : (
        <div className="table-scroll">
          <table className="data-table">
            <caption className="muted">
              <FormattedMessage id="staff.uploadRefusals.caption" defaultMessage="Per hour the file was sent (festival time), latest first." />
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <FormattedMessage id="staff.uploadRefusals.hour" defaultMessage="Hour" />
                </th>
                <th scope="col">
                  <FormattedMessage id="staff.uploadRefusals.refused" defaultMessage="Refused" />
                </th>
                <th scope="col">
                  <FormattedMessage id="staff.uploadRefusals.why" defaultMessage="Why" />
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.hour.toISOString()}>
                  <th scope="row">{clockTime(intl, row.hour, { timeZone })}</th>
                  <td>{intl.formatNumber(row.total)}</td>
                  <td>{intl.formatList(row.reasons.map((reason) => `${intl.formatMessage(reasonLabels[reason.code])} ${intl.formatNumber(reason.count)}`), { type: 'unit' })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
