import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library unmounts after each test by itself only when test globals are on; they are off here.
afterEach(cleanup);

// jsdom has no CSS.escape, which react-aria's Modal, Popover and list selection call (every
// browser has it); a minimal one so dialogs and comboboxes can be tested here.
const css = globalThis as { CSS?: { escape?: (value: string) => string } };
css.CSS ??= {};
css.CSS.escape ??= (value: string) => value.replace(/["\\\][]/g, '\\$&');
