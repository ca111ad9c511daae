import { useIntl } from 'react-intl';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { CreateRefused, refusedMessage } from './create-guard';

/** A write's error: a create the server refused because the address exists says so; any other error as ErrorNotice does. */
export function CreateErrorNotice({ error }: { error: unknown }) {
  const intl = useIntl();
  if (!(error instanceof CreateRefused)) return <ErrorNotice error={error} />;
  return (
    <p className="notice notice-error" role="alert">
      {refusedMessage(intl, error)}
    </p>
  );
}
