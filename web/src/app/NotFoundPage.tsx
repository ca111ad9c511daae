import { Link } from 'wouter';

export default function NotFoundPage() {
  return (
    <div className="page-header">
      <h1>Page not found</h1>
      <p>
        This link doesn't lead anywhere. <Link to="/">Open the programme</Link> instead.
      </p>
    </div>
  );
}
