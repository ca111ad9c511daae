import { FormattedMessage, useIntl } from 'react-intl';

/**
 * Tells a person staff suspended that they are, from what, and until when (or until staff
 * lift it): never who did it or why (the suspension's reason is for staff).
 */
export function SuspendedNotice({ from, until }: { from: 'uploading' | 'reporting'; until: Date | null }) {
  const intl = useIntl();
  const when = until ? intl.formatDate(until, { dateStyle: 'medium', timeStyle: 'short' }) : null;
  return (
    <p className="notice notice-warn" role="status">
      {from === 'uploading' ? (
        when ? (
          <FormattedMessage id="photos.suspended.uploadingUntil" defaultMessage="You are suspended from uploading photos to this festival until {until}." values={{ until: when }} />
        ) : (
          <FormattedMessage id="photos.suspended.uploading" defaultMessage="You are suspended from uploading photos to this festival until the festival’s staff lift it." />
        )
      ) : when ? (
        <FormattedMessage id="photos.suspended.reportingUntil" defaultMessage="You are suspended from reporting photos at this festival until {until}." values={{ until: when }} />
      ) : (
        <FormattedMessage id="photos.suspended.reporting" defaultMessage="You are suspended from reporting photos at this festival until the festival’s staff lift it." />
      )}
    </p>
  );
}
