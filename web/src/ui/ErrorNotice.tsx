import { FormattedMessage, useIntl } from 'react-intl';
import { describeError, type ErrorDescription } from '../errors/describe-error';
import { Icon } from './icons';

/**
 * A service error as a sentence with a next step (and a retry button when retrying may help).
 * `variant="state"` fills the place of content that could not load; the default is an inline
 * notice above content that is still there.
 */
export function ErrorNotice({
  error,
  onRetry,
  variant = 'notice',
  describe = describeError,
}: {
  error: unknown;
  onRetry?: () => void;
  variant?: 'notice' | 'state';
  /** A feature's own table for errors only its screens meet (falling back to describeError). */
  describe?: (error: unknown) => ErrorDescription;
}) {
  const intl = useIntl();
  const { message, action, retryable } = describe(error);
  const retry =
    onRetry && retryable ? (
      <button type="button" className="button button-small" onClick={onRetry}>
        <FormattedMessage id="ui.errorNotice.retry" defaultMessage="Try again" />
      </button>
    ) : null;
  if (variant === 'state') {
    return (
      <div className="state state-error" role="alert">
        <span className="state-icon">
          <Icon name="alert" />
        </span>
        <p className="state-title">{intl.formatMessage(message)}</p>
        <p className="state-body">{intl.formatMessage(action)}</p>
        {retry}
      </div>
    );
  }
  return (
    <div className="notice notice-error" role="alert">
      <p>
        <strong>{intl.formatMessage(message)}</strong> {intl.formatMessage(action)}
      </p>
      {retry}
    </div>
  );
}
