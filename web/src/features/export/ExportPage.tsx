import { type DayFiguresLabels, type ExportLanguage } from '@encore/model';
import { useState, type ReactNode } from 'react';
import { Button, Label, ProgressBar, Radio, RadioGroup } from 'react-aria-components';
import { defineMessages, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { useFestival } from '../../festival/FestivalContext';
import type { Programme } from '../../festival/programme';
import { useInfoPages } from '../info/use-info-pages';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { FestivalGate } from '../../ui/FestivalGate';
import { saveFile } from './api/save-file';
import { useDayFigures } from './api/use-day-figures';
import { dayFiguresFile, infoPagesFile, programmeCsvFile, programmeXlsxFile, type ExportFile, type ExportKind } from './export-files';
import './export.css';

type Progress = { step: 'idle' } | { step: 'building'; kind: ExportKind } | { step: 'saved'; fileName: string } | { step: 'failed'; error: unknown };

const figureLabels = defineMessages({
  day: { id: 'export.figures.day', defaultMessage: 'Day' },
  state: { id: 'export.figures.state', defaultMessage: 'Figures' },
  favoritesAdded: { id: 'export.figures.favoritesAdded', defaultMessage: 'Favourites added' },
  favoritesRemoved: { id: 'export.figures.favoritesRemoved', defaultMessage: 'Favourites removed' },
  photosUploaded: { id: 'export.figures.photosUploaded', defaultMessage: 'Photos uploaded' },
  photosRejected: { id: 'export.figures.photosRejected', defaultMessage: 'Photos rejected' },
  reactions: { id: 'export.figures.reactions', defaultMessage: 'Reactions' },
  reports: { id: 'export.figures.reports', defaultMessage: 'Reports' },
  final: { id: 'export.figures.final', defaultMessage: 'final' },
  soFar: { id: 'export.figures.soFar', defaultMessage: 'so far (today)' },
  none: { id: 'export.figures.none', defaultMessage: 'none counted' },
  total: { id: 'export.figures.total', defaultMessage: 'Total' },
});

const building = defineMessages({
  'programme-csv': { id: 'export.page.buildingCsv', defaultMessage: 'Making the programme CSV…' },
  'programme-xlsx': { id: 'export.page.buildingXlsx', defaultMessage: 'Making the Excel workbook…' },
  info: { id: 'export.page.buildingInfo', defaultMessage: 'Making the info pages file…' },
  figures: { id: 'export.page.buildingFigures', defaultMessage: 'Making the day figures CSV…' },
});

function dayFiguresLabels(intl: IntlShape): DayFiguresLabels {
  const say = (key: keyof typeof figureLabels) => intl.formatMessage(figureLabels[key]);
  return {
    day: say('day'),
    state: say('state'),
    columns: { favoritesAdded: say('favoritesAdded'), favoritesRemoved: say('favoritesRemoved'), photosUploaded: say('photosUploaded'), photosRejected: say('photosRejected'), reactions: say('reactions'), reports: say('reports') },
    states: { final: say('final'), 'so-far': say('soFar'), none: say('none') },
    total: say('total'),
  };
}

/**
 * `/staff/export`, for the festival's admins: the programme in the import's own columns (CSV,
 * or an Excel workbook with real date and time cells) that imports into a new edition as the
 * same sets, the info pages as one Markdown file, and the figures per day as CSV. Each file is
 * made on this device from what the console already shows, so it works offline from the
 * programme this device keeps; what it does not hold yet is said, not exported empty.
 */
export default function ExportPage() {
  const festival = useFestival();
  return (
    <section aria-labelledby="export-title">
      <h2 id="export-title">
        <FormattedMessage id="export.page.title" defaultMessage="Export" />
      </h2>
      <p className="muted">
        <FormattedMessage
          id="export.page.intro"
          defaultMessage="Download the festival’s data to keep, share or take into a new edition. The files are made on this device, from what it holds: offline too."
        />
      </p>
      <FestivalGate state={festival}>{(programme) => <Exports programme={programme} />}</FestivalGate>
    </section>
  );
}

function Exports({ programme }: { programme: Programme }) {
  const intl = useIntl();
  const consoleLanguage: ExportLanguage = intl.locale.toLowerCase().startsWith('nl') ? 'nl' : 'en';
  const [language, setLanguage] = useState<ExportLanguage>('en');
  const [progress, setProgress] = useState<Progress>({ step: 'idle' });
  const info = useInfoPages();
  const figures = useDayFigures(programme.festivalId);
  const busy = progress.step === 'building';

  const make = async (kind: ExportKind, build: () => ExportFile | Promise<ExportFile>) => {
    setProgress({ step: 'building', kind });
    try {
      const file = await build();
      saveFile(file.blob, file.fileName);
      setProgress({ step: 'saved', fileName: file.fileName });
    } catch (error) {
      setProgress({ step: 'failed', error });
    }
  };
  const sheetName = intl.formatMessage({ id: 'export.page.sheetName', defaultMessage: 'Programme' });
  const infoText = {
    heading: intl.formatMessage({ id: 'export.page.infoHeading', defaultMessage: '{festival}: info pages' }, { festival: programme.festival.name }),
    intro: intl.formatMessage(
      { id: 'export.page.infoIntro', defaultMessage: 'Exported {date}. Each page with its title and text in English and Dutch, in its order.' },
      { date: intl.formatDate(new Date(), { dateStyle: 'long', timeStyle: 'short' }) },
    ),
  };
  const infoMissing = info.status === 'ready' && info.fromCache && info.data.length === 0;
  const figuresReady = figures.daily.status !== 'loading' && figures.today.status !== 'loading';
  const figuresError = figures.daily.status === 'error' ? figures.daily.error : figures.today.status === 'error' ? figures.today.error : null;

  return (
    <div className="export-files">
      <ExportCard
        id="export-programme"
        title={<FormattedMessage id="export.page.programmeTitle" defaultMessage="Programme" />}
        holds={
          <FormattedMessage
            id="export.page.programmeHolds"
            defaultMessage="{sets, plural, =0 {No sets yet.} one {# set} other {# sets}}, one a row: artist, stage, day, start, end, title and status, the columns the import reads. Times are festival time; a set after midnight is on its night’s day (00:30). Importing the file into a new edition with the same stages gives the same sets; into this festival it changes nothing."
            values={{ sets: programme.performances.length }}
          />
        }
      >
        <RadioGroup className="field" value={language} onChange={(value) => setLanguage(value === 'nl' ? 'nl' : 'en')} orientation="horizontal">
          <Label className="field-label">
            <FormattedMessage id="export.page.columnLanguage" defaultMessage="Column names" />
          </Label>
          <div className="segmented">
            <Radio value="en" className="segment" lang="en">
              English
            </Radio>
            <Radio value="nl" className="segment" lang="nl">
              Nederlands
            </Radio>
          </div>
        </RadioGroup>
        <div className="export-actions">
          <Button className="button" isDisabled={busy} onPress={() => void make('programme-csv', () => programmeCsvFile(programme, language, new Date()))}>
            <FormattedMessage id="export.page.downloadCsv" defaultMessage="Download CSV" />
          </Button>
          <Button className="button button-secondary" isDisabled={busy} onPress={() => void make('programme-xlsx', () => programmeXlsxFile(programme, language, sheetName, new Date()))}>
            <FormattedMessage id="export.page.downloadXlsx" defaultMessage="Download Excel (.xlsx)" />
          </Button>
        </div>
      </ExportCard>

      <ExportCard
        id="export-info"
        title={<FormattedMessage id="export.page.infoTitle" defaultMessage="Info pages" />}
        holds={
          <FormattedMessage
            id="export.page.infoHolds"
            defaultMessage="{pages, plural, =0 {No info pages yet.} one {# page} other {# pages}} in one Markdown text file (.md): each with its title and text in English and Dutch, headings, lists and links as you wrote them. Any text editor opens it."
            values={{ pages: info.data.length }}
          />
        }
      >
        {info.status === 'error' ? <ErrorNotice error={info.error} /> : null}
        {infoMissing ? (
          <p className="field-hint">
            <FormattedMessage id="export.page.infoOffline" defaultMessage="This device has no copy of the info pages yet: connect once to download them." />
          </p>
        ) : null}
        <div className="export-actions">
          <Button className="button" isDisabled={busy || info.status !== 'ready' || infoMissing} onPress={() => void make('info', () => infoPagesFile(programme, info.data, infoText, new Date()))}>
            {info.status === 'loading' ? (
              <FormattedMessage id="export.page.infoLoading" defaultMessage="Loading the info pages…" />
            ) : (
              <FormattedMessage id="export.page.downloadInfo" defaultMessage="Download info pages (.md)" />
            )}
          </Button>
        </div>
      </ExportCard>

      <ExportCard
        id="export-figures"
        title={<FormattedMessage id="export.page.figuresTitle" defaultMessage="Day figures" />}
        holds={
          <FormattedMessage
            id="export.page.figuresHolds"
            defaultMessage="One row per festival day, as the dashboard counts them: favourites added and removed, photos uploaded and rejected, reactions and reports, then the totals. Days are rolled up the night after; today’s are so far. There are no figures per stage per day."
          />
        }
      >
        {figuresError ? <ErrorNotice error={figuresError} /> : null}
        {figuresReady && (figures.daily.fromCache || figures.today.fromCache) ? (
          <p className="field-hint">
            <FormattedMessage id="export.page.figuresCached" defaultMessage="From this device’s copy: connect for the newest figures." />
          </p>
        ) : null}
        <div className="export-actions">
          <Button
            className="button"
            isDisabled={busy || !figuresReady || figuresError !== null}
            onPress={() => void make('figures', () => dayFiguresFile(programme, figures.daily.data, figures.today.data, dayFiguresLabels(intl), consoleLanguage, new Date()))}
          >
            {figuresReady ? (
              <FormattedMessage id="export.page.downloadFigures" defaultMessage="Download day figures (.csv)" />
            ) : (
              <FormattedMessage id="export.page.figuresLoading" defaultMessage="Loading the figures…" />
            )}
          </Button>
        </div>
      </ExportCard>

      {progress.step === 'building' ? (
        <ProgressBar className="progress progress-indeterminate" isIndeterminate>
          <Label>{intl.formatMessage(building[progress.kind])}</Label>
          <div className="progress-track">
            <div className="progress-fill" />
          </div>
        </ProgressBar>
      ) : null}
      <div role="status" className="export-status">
        {progress.step === 'saved' ? <FormattedMessage id="export.page.saved" defaultMessage="Downloaded {file}." values={{ file: progress.fileName }} /> : null}
      </div>
      {progress.step === 'failed' ? <ErrorNotice error={progress.error} /> : null}
    </div>
  );
}

function ExportCard({ id, title, holds, children }: { id: string; title: ReactNode; holds: ReactNode; children: ReactNode }) {
  return (
    <section className="export-file" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      <p>{holds}</p>
      {children}
    </section>
  );
}
