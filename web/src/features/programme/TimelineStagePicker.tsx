import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import type { StageDoc } from '../../festival/programme';
import { Icon } from '../../ui/icons';

/** What Timeline's stand-in (drawn until this code is in) was given: the focus, a press. */
export interface EarlyPicker {
  focused: boolean;
  opened: boolean;
}

/**
 * The timeline's stage picker (in the corner above the hour axis): a phone shows two or three
 * of the stages at once, and the picker brings any one of them to the left edge; a menu, so
 * keyboards and screen readers have it too. Its own chunk, loaded once the sets are on screen
 * (Timeline.tsx): react-aria's menu and popover were ~50 KB gzipped of the first page's
 * JavaScript before the sets showed (`npm run bench -- bundle-size`).
 */
export default function TimelineStagePicker({ stages, onPick, label, early }: { stages: readonly StageDoc[]; onPick(stageId: string): void; label: string; early: RefObject<EarlyPicker> }) {
  const [openedEarly, setOpenedEarly] = useState(false);
  const [isOpen, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // Read when this replaces the stand-in (the commit), not when it renders: React may render a
  // resolved lazy component and commit it a moment later, and a press in between lands on the
  // stand-in. The stand-in pressed: the menu opens. It had the focus: the focus comes here.
  useLayoutEffect(() => {
    if (early.current.opened) {
      setOpenedEarly(true);
      setOpen(true);
    }
    if (early.current.focused && (document.activeElement === null || document.activeElement === document.body)) button.current?.focus();
  }, [early]);
  return (
    <MenuTrigger isOpen={isOpen} onOpenChange={setOpen}>
      <Button ref={button} className="timeline-stage-picker" aria-label={label}>
        <Icon name="timeline" width={18} height={18} />
        <span aria-hidden="true">▾</span>
      </Button>
      <Popover className="popover" placement="bottom start">
        <Menu className="listbox" onAction={(key) => onPick(String(key))} {...(openedEarly ? { autoFocus: 'first' as const } : {})}>
          {stages.map((stage) => (
            <MenuItem key={stage.id} id={stage.id} className="listbox-item" textValue={stage.name}>
              <span className="timeline-stage-swatch" style={{ ['--stage-color' as string]: stage.color ?? 'var(--color-stage-fallback)' }} aria-hidden="true" />
              {stage.name}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

