import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';

/**
 * What staff signed in without a second factor see instead of the console: why it is
 * locked (the rules and the staff functions would refuse them anyway) and the way in.
 * `enrolledFactors` says which way: add a first factor, or sign in again with one.
 */
export function StaffLocked({ enrolledFactors }: { enrolledFactors: number }) {
  return (
    <div className="page-header staff-locked">
      <h1>
        <FormattedMessage id="staff.locked.title" defaultMessage="Staff console locked" />
      </h1>
      <p>
        <FormattedMessage
          id="staff.locked.why"
          defaultMessage="Staff sign in with a second factor: a code texted to your phone, on top of your password. It keeps the festival safe when a password leaks."
        />
      </p>
      {enrolledFactors === 0 ? (
        <>
          <p>
            <FormattedMessage
              id="staff.locked.noFactor"
              defaultMessage="You have not set one up yet. Add your phone on the Account page: the console opens as soon as it is added."
            />
          </p>
          {/* `~` leaves the nested /staff routes. */}
          <Link to="~/account#second-factor" className="button">
            <FormattedMessage id="staff.locked.enrol" defaultMessage="Set up a second factor" />
          </Link>
        </>
      ) : (
        <>
          <p>
            <FormattedMessage
              id="staff.locked.signInAgain"
              defaultMessage="This sign-in did not use your second factor (it started before you added one). Sign out on the Account page, then sign in again with your code."
            />
          </p>
          <Link to="~/account" className="button">
            <FormattedMessage id="staff.locked.toAccount" defaultMessage="Go to the Account page" />
          </Link>
        </>
      )}
    </div>
  );
}
