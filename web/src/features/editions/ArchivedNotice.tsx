import { FormattedMessage } from 'react-intl';
import { useFestivalArchived } from './use-festival-archived';

/** A quiet line under the header of an archived festival's every page: it is there to look back on. */
export default function ArchivedNotice() {
  if (!useFestivalArchived()) return null;
  return (
    <p className="notice notice-info archived-notice" role="note">
      <FormattedMessage id="editions.archived.notice" defaultMessage="This edition is archived: you can look back, not change anything." />
    </p>
  );
}
