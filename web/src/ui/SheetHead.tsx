import type { ReactNode } from 'react';
import { Button, Heading } from 'react-aria-components';
import { LaterIcon } from './icons-later';

/**
 * The top of a bottom sheet (the More sheet, the programme's filters): the grabber, the sheet's
 * title (the dialog's, by `slot`) and its close button. The callers bring their own words.
 */
export function SheetHead({ title, titleId, closeLabel }: { title: ReactNode; titleId: string; closeLabel: string }) {
  return (
    <>
      <div className="sheet-grabber" aria-hidden="true" />
      <div className="sheet-head">
        <Heading slot="title" id={titleId}>
          {title}
        </Heading>
        <Button className="button button-secondary button-small" slot="close" aria-label={closeLabel}>
          <LaterIcon name="close" width={18} height={18} />
        </Button>
      </div>
    </>
  );
}
