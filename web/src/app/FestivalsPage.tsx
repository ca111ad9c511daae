import { festivalSchema, firestorePaths } from '@encore/model';
import { collection, query } from 'firebase/firestore';
import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { festivalHref } from '../config/festival-route';
import { chooseFestivals, type ListedFestival } from '../festival/festival-choice';
import { db } from '../firebase/firestore';
import { useLiveQuery } from '../firebase/live';
import { LiveGate } from '../ui/LiveGate';
import './festivals.css';

/**
 * `/festivals`: every festival of this project (the `festivals` collection, which anyone may
 * list), those on now and to come first, the past editions apart; each opens at its own
 * address, `/f/{id}/` (a full navigation: the festival is chosen when a page loads).
 */
export default function FestivalsPage() {
  const festivals = useLiveQuery(useMemo(() => query(collection(db(), firestorePaths.festivals())), []), festivalSchema);
  return (
    <article>
      <header className="page-header">
        <h1>
          <FormattedMessage id="app.festivals.title" defaultMessage="Festivals" />
        </h1>
        <p className="muted">
          <FormattedMessage id="app.festivals.intro" defaultMessage="Choose a festival to see its programme." />
        </p>
      </header>
      <LiveGate
        state={festivals}
        loading={{ label: <FormattedMessage id="app.festivals.loading" defaultMessage="Loading the festivals…" />, shape: 'lines', count: 3 }}
        notSaved={{
          title: <FormattedMessage id="app.festivals.notSavedTitle" defaultMessage="Not saved on this device yet" />,
          body: <FormattedMessage id="app.festivals.notSaved" defaultMessage="Open this page once while online to see the festivals." />,
        }}
        none={<FormattedMessage id="app.festivals.none" defaultMessage="No festival has been published yet." />}
      >
        {(list) => <FestivalChoiceList festivals={list} />}
      </LiveGate>
    </article>
  );
}

function FestivalChoiceList({ festivals }: { festivals: ListedFestival[] }) {
  const { upcoming, past } = useMemo(() => chooseFestivals(festivals, new Date()), [festivals]);
  return (
    <>
      {upcoming.length > 0 ? (
        <section aria-labelledby="festivals-upcoming">
          <h2 id="festivals-upcoming" className="festival-section-title">
            <FormattedMessage id="app.festivals.upcoming" defaultMessage="On now and coming up" />
          </h2>
          <FestivalRows festivals={upcoming} />
        </section>
      ) : null}
      {past.length > 0 ? (
        <section aria-labelledby="festivals-past">
          <h2 id="festivals-past" className="festival-section-title">
            <FormattedMessage id="app.festivals.past" defaultMessage="Past editions" />
          </h2>
          <FestivalRows festivals={past} past />
        </section>
      ) : null}
    </>
  );
}

function FestivalRows({ festivals, past = false }: { festivals: ListedFestival[]; past?: boolean }) {
  const intl = useIntl();
  const dates = (festival: ListedFestival) =>
    intl.formatDateTimeRange(new Date(`${festival.startsOn}T12:00:00Z`), new Date(`${festival.endsOn}T12:00:00Z`), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return (
    <ul className={past ? 'festival-list festival-list-past' : 'festival-list'}>
      {festivals.map((festival) => (
        <li key={festival.id}>
          <a href={festivalHref(festival.id)}>
            <span className="festival-list-name">{festival.name}</span>
            <span className="festival-list-detail">
              {dates(festival)} · {festival.venue}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
