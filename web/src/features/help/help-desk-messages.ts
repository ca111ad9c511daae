import { defineMessages } from 'react-intl';
import { untyped } from './help-messages';

/** The console's Help section. */
export const helpDeskMessages = untyped(defineMessages({
  title: { id: 'help.desk.title', defaultMessage: 'Help requests' },
  intro: { id: 'help.desk.intro', defaultMessage: 'Visitors’ requests of the last day, live. Open ones first, who has waited longest at the top. Resolving a request deletes the position its visitor shared.' },
  alerts: { id: 'help.desk.alerts', defaultMessage: 'Push me new requests' },
  alertsHint: { id: 'help.desk.alertsHint', defaultMessage: 'To this account’s devices with notifications on (Account page), while you are on duty.' },
  open: { id: 'help.desk.open', defaultMessage: 'Open ({count})' },
  resolved: { id: 'help.desk.resolved', defaultMessage: 'Resolved ({count})' },
  none: { id: 'help.desk.none', defaultMessage: 'No open requests.' },
  waiting: { id: 'help.desk.waiting', defaultMessage: 'waiting {minutes} min' },
  onPlan: { id: 'help.desk.onPlan', defaultMessage: 'number {number} on the plan' },
  noPosition: { id: 'help.desk.noPosition', defaultMessage: 'no position shared' },
  language: { id: 'help.desk.language', defaultMessage: '{locale, select, nl {speaks Dutch} other {speaks English}}' },
  onTheWay: { id: 'help.desk.onTheWay', defaultMessage: 'On the way' },
  statusNew: { id: 'help.desk.statusNew', defaultMessage: 'New: nobody has set off yet' },
  statusOnTheWay: { id: 'help.desk.statusOnTheWay', defaultMessage: 'Someone is on the way' },
  onTheWayNamed: { id: 'help.desk.onTheWayNamed', defaultMessage: 'On the way: {kind}, waiting {minutes} min' },
  resolve: { id: 'help.desk.resolve', defaultMessage: 'Resolved' },
  resolveNamed: { id: 'help.desk.resolveNamed', defaultMessage: 'Resolved: {kind}, waiting {minutes} min' },
  cancelledByRequester: { id: 'help.desk.cancelled', defaultMessage: 'closed by the visitor' },
  plan: { id: 'help.desk.plan', defaultMessage: 'Where they are' },
  pin: { id: 'help.desk.pin', defaultMessage: 'Request {number}: {kind}' },
}));
