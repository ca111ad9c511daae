/**
 * What the programme needs only while the festival is on, in one chunk loaded then: the
 * "now and next" strip and the jump to the current time.
 */
export { NowNext as default } from './NowNext';
export { jumpToNow } from './jump-to-now';
