import { Link } from 'wouter';
import { PhotoWall } from './PhotoWall';

export default function PhotosPage() {
  return (
    <>
      <header className="page-header">
        <h1>Photo wall</h1>
        <p className="muted">
          The festival through everyone’s eyes, live. <Link to="/upload">Share your photos</Link>.
        </p>
      </header>
      <PhotoWall performanceId={null} />
    </>
  );
}
