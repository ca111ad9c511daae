import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import { EmptyState } from '../ui/EmptyState';

export default function NotFoundPage() {
  return (
    <>
      <header className="page-header">
        <h1>
          <FormattedMessage id="app.notFound.title" defaultMessage="Page not found" />
        </h1>
      </header>
      <EmptyState
        title={<FormattedMessage id="app.notFound.body" defaultMessage="This link doesn't lead anywhere." />}
        action={
          <Link to="/" className="button">
            <FormattedMessage id="app.notFound.action" defaultMessage="Open the programme" />
          </Link>
        }
      />
    </>
  );
}
