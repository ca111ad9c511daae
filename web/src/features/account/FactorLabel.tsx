import { FormattedMessage } from 'react-intl';
import type { EnrolledFactor } from '../../firebase/second-factor';

/** A second factor as people know it: its name, and the phone it texts or "authenticator app". */
export function FactorLabel({ factor }: { factor: EnrolledFactor }) {
  const name = factor.displayName?.trim();
  const phone = factor.phoneNumber ?? '';
  if (factor.kind === 'totp') {
    return name ? (
      <FormattedMessage id="account.factor.appNamed" defaultMessage="{name} (authenticator app)" values={{ name }} />
    ) : (
      <FormattedMessage id="account.factor.app" defaultMessage="Authenticator app" />
    );
  }
  return name ? (
    <FormattedMessage id="account.factor.phoneNamed" defaultMessage="{name} ({phone})" values={{ name, phone }} />
  ) : (
    <FormattedMessage id="account.factor.phone" defaultMessage="Phone {phone}" values={{ phone }} />
  );
}
