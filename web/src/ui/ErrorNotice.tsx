import { describeError } from '../errors/describe-error';

/** A service error as a sentence with a next step (and a retry button when retrying may help). */
export function ErrorNotice({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { message, action, retryable } = describeError(error);
  return (
    <div className="notice notice-error" role="alert">
      <p>
        <strong>{message}</strong> {action}
      </p>
      {onRetry && retryable ? (
        <button type="button" className="button button-small" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}
