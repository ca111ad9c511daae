import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { Link, useSearchParams } from 'wouter';
import { genresOf, type Programme } from '../../festival/programme';
import { useFestival } from '../../festival/FestivalContext';
import { dayLabel, shortDayLabel, timeRange } from '../../time/format';
import { festivalDayOf } from '@encore/model';
import { EmptyState } from '../../ui/EmptyState';
import { FestivalGate } from '../../ui/FestivalGate';
import { SelectField } from '../../ui/SelectField';
import { groupLineup, letterGroups, lineupEntries, OTHER_LETTER, withGenre, type LineupEntry, type LineupSort } from './lineup';
import { indexMessages, LineupIndex } from './LineupIndex';
import './lineup.css';

const SORT_PARAM = 'sort';
const GENRE_PARAM = 'genre';
const ALL_GENRES = '';

/**
 * The line-up (`/lineup`): every artist A-Z (a section per letter) or by day (a section per
 * day), with genres, country and every set (time and stage, each a link), filterable by genre;
 * a sticky index jumps to a letter or a day. Sort and genre live in the URL. Reads
 * the programme the festival context holds, so it works offline once that is on the device.
 */
export default function LineupPage() {
  const festival = useFestival();
  return <FestivalGate state={festival}>{(programme) => <Lineup programme={programme} />}</FestivalGate>;
}

function Lineup({ programme }: { programme: Programme }) {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const sort: LineupSort = params.get(SORT_PARAM) === 'day' ? 'day' : 'az';
  const genres = useMemo(() => genresOf(programme), [programme]);
  const requestedGenre = params.get(GENRE_PARAM);
  const genre = requestedGenre && genres.includes(requestedGenre) ? requestedGenre : null;
  const entries = useMemo(() => lineupEntries(programme, intl.locale), [programme, intl.locale]);
  const visible = useMemo(() => withGenre(entries, genre), [entries, genre]);
  const groups = useMemo(() => groupLineup(visible, sort, programme), [visible, sort, programme]);
  const letters = useMemo(() => letterGroups(visible, intl.locale), [visible, intl.locale]);
  const countries = useMemo(() => regionNames(intl.locale), [intl.locale]);

  const update = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="lineup-page">
      <header className="page-header">
        <h1>
          <FormattedMessage id="lineup.page.title" defaultMessage="Line-up" />
        </h1>
        <p className="muted">
          <FormattedMessage
            id="lineup.page.intro"
            defaultMessage="{count, plural, one {# artist} other {# artists}} on {days, plural, one {# day} other {# days}}. Tap a name for their page, a time for the set."
            values={{ count: programme.artists.size, days: new Set(programme.performances.map((set) => festivalDayOf(set.startsAt, programme.festival))).size }}
          />
        </p>
      </header>
      <div className="lineup-controls">
        <RadioGroup className="field" value={sort} onChange={(value) => update(SORT_PARAM, value === 'day' ? 'day' : null)} orientation="horizontal">
          <Label className="field-label">
            <FormattedMessage id="lineup.page.sort" defaultMessage="Order" />
          </Label>
          <div className="segmented">
            <Radio value="az" className="segment">
              <FormattedMessage id="lineup.page.sortAz" defaultMessage="A–Z" />
            </Radio>
            <Radio value="day" className="segment">
              <FormattedMessage id="lineup.page.sortDay" defaultMessage="By day" />
            </Radio>
          </div>
        </RadioGroup>
        <SelectField
          label={<FormattedMessage id="lineup.page.genre" defaultMessage="Genre" />}
          options={[{ id: ALL_GENRES, name: intl.formatMessage({ id: 'lineup.page.allGenres', defaultMessage: 'All genres' }) }, ...genres.map((name) => ({ id: name, name }))]}
          selectedKey={genre ?? ALL_GENRES}
          onChange={(key) => update(GENRE_PARAM, key === ALL_GENRES ? null : key)}
        />
      </div>
      {visible.length === 0 ? (
        <EmptyState
          title={
            genre ? (
              <FormattedMessage id="lineup.page.emptyGenre" defaultMessage="No artist of this genre on the line-up" />
            ) : (
              <FormattedMessage id="lineup.page.empty" defaultMessage="No artists announced yet" />
            )
          }
        />
      ) : (
        <>
          <LineupIndex
            label={intl.formatMessage(sort === 'az' ? indexMessages.letters : indexMessages.days)}
            targets={
              sort === 'az'
                ? letters.map(({ letter }) => ({ id: letterHeadingId(letter), label: letter }))
                : groups.map((group) => ({ id: dayHeadingId(group.day!), label: shortDayLabel(intl, group.day!) }))
            }
          />
          {sort === 'az'
            ? letters.map(({ letter, entries: lettered }) => (
                <section key={letter} className="lineup-group" aria-labelledby={letterHeadingId(letter)}>
                  <h2 id={letterHeadingId(letter)} tabIndex={-1} className="lineup-letter">
                    {letter}
                  </h2>
                  <ArtistList entries={lettered} programme={programme} withDay countries={countries} />
                </section>
              ))
            : groups.map((group) => (
                <section key={group.day} className="lineup-group" aria-labelledby={dayHeadingId(group.day!)}>
                  <h2 id={dayHeadingId(group.day!)} tabIndex={-1}>
                    {dayLabel(intl, group.day!)}
                  </h2>
                  <ArtistList entries={group.entries} programme={programme} withDay={false} countries={countries} />
                </section>
              ))}
        </>
      )}
    </div>
  );
}

const letterHeadingId = (letter: string) => `lineup-letter-${letter === OTHER_LETTER ? 'other' : letter}`;
const dayHeadingId = (day: string) => `lineup-${day}`;

function ArtistList({ entries, programme, withDay, countries }: { entries: readonly LineupEntry[]; programme: Programme; withDay: boolean; countries: ((code: string) => string) | null }) {
  return (
    <ul className="lineup-list">
      {entries.map((entry) => (
        <ArtistEntry key={entry.artist.id} entry={entry} programme={programme} withDay={withDay} countries={countries} />
      ))}
    </ul>
  );
}

/** Country names in the reader's language ("NL": "Netherlands" / "Nederland"), where the browser has them. */
function regionNames(locale: string): ((code: string) => string) | null {
  try {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    return (code) => names.of(code) ?? code;
  } catch {
    return null;
  }
}

function ArtistEntry({ entry, programme, withDay, countries }: { entry: LineupEntry; programme: Programme; withDay: boolean; countries: ((code: string) => string) | null }) {
  const intl = useIntl();
  const { artist, sets } = entry;
  const stageName = (id: string) =>
    programme.stages.find((stage) => stage.id === id)?.name ?? intl.formatMessage({ id: 'lineup.page.stageTba', defaultMessage: 'Stage to be announced' });
  const details = [artist.genres.join(', '), artist.country ? (countries?.(artist.country) ?? artist.country) : null].filter(Boolean).join(' · ');
  return (
    <li className="lineup-artist" data-lineup-artist={artist.id}>
      <h3>
        <Link to={`/artists/${artist.id}`}>{artist.name}</Link>
      </h3>
      {details ? <p className="lineup-meta">{details}</p> : null}
      {sets.length === 0 ? (
        <p className="lineup-meta">
          <FormattedMessage id="lineup.page.noSets" defaultMessage="No set announced yet" />
        </p>
      ) : (
        <ul className="lineup-sets" aria-label={intl.formatMessage({ id: 'lineup.page.setsOf', defaultMessage: 'Sets of {artist}' }, { artist: artist.name })}>
          {sets.map((set) => (
            <li key={set.id}>
              <Link to={`/performances/${set.id}`}>
                {withDay ? `${shortDayLabel(intl, festivalDayOf(set.startsAt, programme.festival))} ` : ''}
                {timeRange(intl, set.startsAt, set.endsAt, programme.festival)} · {stageName(set.stageId)}
                {set.status === 'cancelled' ? (
                  <strong className="lineup-cancelled">
                    {' · '}
                    <FormattedMessage id="lineup.page.cancelled" defaultMessage="Cancelled" />
                  </strong>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
