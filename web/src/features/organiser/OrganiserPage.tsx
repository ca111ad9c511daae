import { projectAdminAccess, type FestivalRole } from '@encore/model';
import { useEffect, useState } from 'react';
import { Button } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { Loading } from '../../ui/Loading';
import { useAccount } from '../account/AccountContext';
import { SignInPanel } from '../account/SignInForms';
import { CreateFestivalForm } from './CreateFestivalForm';
import { festivalHref } from './festival-href';
import { useHomeFestival } from './home-festival';
import { HomeFestivalChoice, HomeFestivalSummary } from './HomeFestivalChoice';
import type { ListedFestival } from './api/festivals';
import './organiser.css';

const festivalsApi = () => import('./api/festivals');

type Listing = { status: 'loading' } | { status: 'ready'; festivals: ListedFestival[] } | { status: 'error'; error: unknown };

/**
 * The organiser's start, outside any festival (routed at `/organiser`; it links to festivals
 * with plain absolute hrefs, so it works at any path). Sign in first; then a project admin
 * signed in with a second factor creates festivals and sees every one, and everyone else sees
 * the festivals they are staff of. With no festival at all, creating one is the first thing.
 */
export default function OrganiserPage() {
  const { account } = useAccount();
  if (account === undefined) return <Loading label={<FormattedMessage id="organiser.page.checking" defaultMessage="Checking your account…" />} />;
  const signedIn = account !== null && !account.anonymous;
  return (
    <div className="organiser-page">
      <header className="page-header">
        <h1>
          <FormattedMessage id="organiser.page.title" defaultMessage="Organise a festival" />
        </h1>
        <p className="muted">
          {signedIn ? (
            <FormattedMessage id="organiser.page.signedInAs" defaultMessage="Signed in as {email}." values={{ email: account.email ?? account.uid }} />
          ) : (
            <FormattedMessage id="organiser.page.signInFirst" defaultMessage="Sign in with your organiser account to create a festival or open the console of yours." />
          )}
        </p>
      </header>
      {signedIn ? (
        <SignedIn uid={account.uid} projectAdmin={projectAdminAccess({ role: account.role, secondFactor: account.secondFactor })} />
      ) : (
        <div className="organiser-sign-in">
          <SignInPanel isGuest={Boolean(account?.anonymous)} firstTab="sign-in" />
        </div>
      )}
    </div>
  );
}

function SignedIn({ uid, projectAdmin }: { uid: string; projectAdmin: ReturnType<typeof projectAdminAccess> }) {
  const [listing, setListing] = useState<Listing>({ status: 'loading' });
  const [creating, setCreating] = useState(false);
  const admin = projectAdmin === 'granted';
  const home = useHomeFestival(admin, uid);

  useEffect(() => {
    let current = true;
    setListing({ status: 'loading' });
    festivalsApi()
      .then((api) => (admin ? api.listFestivals().then((all) => all.map((entry) => ({ ...entry, role: 'admin' as FestivalRole }))) : api.festivalsOfStaff(uid)))
      .then(
        (festivals) => current && setListing({ status: 'ready', festivals }),
        (error: unknown) => current && setListing({ status: 'error', error }),
      );
    return () => {
      current = false;
    };
  }, [uid, admin]);

  if (projectAdmin === 'second-factor-needed') {
    return (
      <section className="panel notice-warn" aria-labelledby="organiser-locked-title">
        <h2 id="organiser-locked-title">
          <FormattedMessage id="organiser.page.lockedTitle" defaultMessage="Sign in with your second factor" />
        </h2>
        <p>
          <FormattedMessage
            id="organiser.page.locked"
            defaultMessage="Creating festivals needs a sign-in that used your second factor (a code texted to your phone). Add one on the Account page if you have none, then sign out and sign in again with your code."
          />
        </p>
      </section>
    );
  }
  if (listing.status === 'loading') return <Loading label={<FormattedMessage id="organiser.page.loading" defaultMessage="Finding your festivals…" />} />;
  if (listing.status === 'error') return <ErrorNotice error={listing.error} />;

  const none = listing.festivals.length === 0;
  if (admin && none) {
    return (
      <>
        <p className="notice notice-info">
          <FormattedMessage id="organiser.page.firstFestival" defaultMessage="There is no festival yet. Start by creating the first one." />
        </p>
        <section className="panel">
          <CreateFestivalForm />
        </section>
      </>
    );
  }
  return (
    <>
      {admin ? (
        creating ? (
          <section className="panel">
            <CreateFestivalForm />
            <Button className="button button-secondary" onPress={() => setCreating(false)}>
              <FormattedMessage id="organiser.page.cancel" defaultMessage="Cancel" />
            </Button>
          </section>
        ) : (
          <Button className="button" onPress={() => setCreating(true)}>
            <FormattedMessage id="organiser.page.create" defaultMessage="Create a festival" />
          </Button>
        )
      ) : null}
      <FestivalList festivals={listing.festivals} admin={admin} home={admin ? home : null} />
    </>
  );
}

function FestivalList({ festivals, admin, home }: { festivals: ListedFestival[]; admin: boolean; home: ReturnType<typeof useHomeFestival> | null }) {
  const intl = useIntl();
  return (
    <section aria-labelledby="organiser-festivals-title" className="organiser-festivals">
      <h2 id="organiser-festivals-title">
        {admin ? (
          <FormattedMessage id="organiser.page.allFestivals" defaultMessage="All festivals" />
        ) : (
          <FormattedMessage id="organiser.page.yourFestivals" defaultMessage="Your festivals" />
        )}
      </h2>
      {home ? <HomeFestivalSummary state={home.state} nameOf={(id) => festivals.find((entry) => entry.id === id)?.festival.name} /> : null}
      {festivals.length === 0 ? (
        <p>
          <FormattedMessage
            id="organiser.page.noFestivals"
            defaultMessage="You have no role in any festival yet. A festival’s admin can give you one; then it shows here."
          />
        </p>
      ) : (
        <ul className="organiser-festival-list">
          {festivals.map(({ id, festival, role }) => (
            <li key={id} className="panel organiser-festival">
              <h3>{festival.name}</h3>
              <p className="muted">
                {intl.formatDateTimeRange(new Date(`${festival.startsOn}T12:00:00Z`), new Date(`${festival.endsOn}T12:00:00Z`), { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })}
                {' · '}
                {festival.venue}
                {' · '}
                <FormattedMessage
                  id="organiser.page.role"
                  defaultMessage="{role, select, admin {admin} programme {programme} moderator {moderator} other {staff}}"
                  values={{ role: role ?? 'other' }}
                />
              </p>
              <div className="button-row">
                <a className="button button-small" href={festivalHref(id, '/staff')}>
                  <FormattedMessage id="organiser.page.openConsole" defaultMessage="Open the console of {name}" values={{ name: festival.shortName ?? festival.name }} />
                </a>
                <a className="button button-small button-secondary" href={festivalHref(id)}>
                  <FormattedMessage id="organiser.page.openApp" defaultMessage="The visitors’ app" />
                </a>
                {home ? <HomeFestivalChoice festivalId={id} name={festival.shortName ?? festival.name} state={home.state} choose={home.choose} /> : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
