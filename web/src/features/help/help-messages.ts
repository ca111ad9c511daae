import type { HelpKind, HelpStatus } from '@encore/model';
import { defineMessages, type MessageDescriptor } from 'react-intl';

/** Messages whose values are checked where they are used (react-intl types each from its literal otherwise). */
export function untyped<K extends string>(messages: Record<K, MessageDescriptor>): Record<K, MessageDescriptor> {
  return messages;
}

/** The kinds of help, as visitors choose them and staff read them. */
export const helpKindNames = defineMessages<HelpKind>({
  'first-aid': { id: 'help.kind.firstAid', defaultMessage: 'First aid' },
  safety: { id: 'help.kind.safety', defaultMessage: 'I feel unsafe' },
  'lost-person': { id: 'help.kind.lostPerson', defaultMessage: 'I lost someone' },
  accessibility: { id: 'help.kind.accessibility', defaultMessage: 'Accessibility help' },
  other: { id: 'help.kind.other', defaultMessage: 'Something else' },
});

/** A request's steps, as the requester and staff see them. */
export const helpStatusNames = defineMessages<HelpStatus>({
  new: { id: 'help.status.new', defaultMessage: 'Sent: staff have your request' },
  'on-the-way': { id: 'help.status.onTheWay', defaultMessage: 'Staff are on the way' },
  resolved: { id: 'help.status.resolved', defaultMessage: 'Resolved' },
});

export const helpMessages = untyped(defineMessages({
  title: { id: 'help.page.title', defaultMessage: 'Help' },
  intro: { id: 'help.page.intro', defaultMessage: 'Need help on the festival site? Staff are here for you.' },
  emergencyTitle: { id: 'help.emergency.title', defaultMessage: 'In an emergency' },
  emergencyBody: { id: 'help.emergency.body', defaultMessage: 'If a life is in danger, call the emergency number first.' },
  emergencyCall: { id: 'help.emergency.call', defaultMessage: 'Call {number}' },
  firstAidTitle: { id: 'help.firstAid.title', defaultMessage: 'Nearest first aid' },
  firstAidNone: { id: 'help.firstAid.none', defaultMessage: 'The site plan shows no first-aid post. Ask any staff member or send a request below.' },
  firstAidDistance: { id: 'help.firstAid.distance', defaultMessage: 'About {distance}, {minutes, plural, one {# minute} other {# minutes}} on foot' },
  firstAidShowOnMap: { id: 'help.firstAid.onMap', defaultMessage: 'Show on the map' },
  firstAidPosition: { id: 'help.firstAid.position', defaultMessage: 'Share your position below to see how far it is.' },
  formTitle: { id: 'help.form.title', defaultMessage: 'Ask staff for help' },
  kindLabel: { id: 'help.form.kind', defaultMessage: 'What do you need?' },
  noteLabel: { id: 'help.form.note', defaultMessage: 'Anything staff should know (optional)' },
  noteHint: { id: 'help.form.noteHint', defaultMessage: 'Where you are, what you look like, what happened. At most {max} characters.' },
  sharePosition: { id: 'help.form.sharePosition', defaultMessage: 'Share my position on the site plan with staff' },
  sharePositionHint: { id: 'help.form.sharePositionHint', defaultMessage: 'Off unless you turn it on. Staff see it only with this request, and it is deleted when the request is resolved.' },
  positionLocating: { id: 'help.form.locating', defaultMessage: 'Finding your position…' },
  positionReady: { id: 'help.form.positionReady', defaultMessage: 'Your position will be sent (to within about {accuracy}).' },
  positionOffPlan: { id: 'help.form.positionOffPlan', defaultMessage: 'You seem to be outside the festival site: no position will be sent.' },
  positionDenied: { id: 'help.form.positionDenied', defaultMessage: 'Encore may not use your position. Say where you are in the note.' },
  positionUnavailable: { id: 'help.form.positionUnavailable', defaultMessage: 'Your position is not available. Say where you are in the note.' },
  positionNoPlan: { id: 'help.form.positionNoPlan', defaultMessage: 'This festival’s plan cannot show positions yet: say where you are in the note.' },
  send: { id: 'help.form.send', defaultMessage: 'Send to staff' },
  sending: { id: 'help.form.sending', defaultMessage: 'Sending…' },
  limit: { id: 'help.form.limit', defaultMessage: 'You sent several requests in the last hour, so this one was not sent. Call the emergency number, or ask any staff member.' },
  statusTitle: { id: 'help.status.title', defaultMessage: 'Your request' },
  waiting: { id: 'help.status.waiting', defaultMessage: 'Waiting for a connection: your request is saved on this phone and will be sent as soon as you are online.' },
  statusKind: { id: 'help.status.kind', defaultMessage: 'You asked for: {kind}' },
  steps: { id: 'help.status.steps', defaultMessage: 'Steps' },
  cancelled: { id: 'help.status.cancelled', defaultMessage: 'You closed this request.' },
  cancel: { id: 'help.status.cancel', defaultMessage: 'I no longer need help' },
  newRequest: { id: 'help.status.another', defaultMessage: 'Ask for help again' },
  refused: { id: 'help.status.refused', defaultMessage: 'Your request could not be sent. Call the emergency number, or ask any staff member.' },
  positionShared: { id: 'help.status.positionShared', defaultMessage: 'Your position was shared with staff.' },
}));
