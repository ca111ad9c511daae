import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import { PhotoWall } from './PhotoWall';

export default function PhotosPage() {
  return (
    <>
      <header className="page-header">
        <h1>
          <FormattedMessage id="photos.page.title" defaultMessage="Photo wall" />
        </h1>
        <p className="muted">
          <FormattedMessage
            id="photos.page.intro"
            defaultMessage="The festival through everyone’s eyes, live. <link>Share your photos</link>."
            values={{ link: (text) => <Link to="/upload">{text}</Link> }}
          />
        </p>
      </header>
      <PhotoWall performanceId={null} />
    </>
  );
}
