import type { ReactionKind } from '@encore/model';
import { defineMessages, type MessageDescriptor } from 'react-intl';

/** The reaction kinds as the app shows them: emoji and name, in the order of the reaction bar. */
const reactionNames = defineMessages({
  love: { id: 'photos.reactionBar.love', defaultMessage: 'Love' },
  fire: { id: 'photos.reactionBar.fire', defaultMessage: 'Fire' },
  clap: { id: 'photos.reactionBar.clap', defaultMessage: 'Applause' },
  wow: { id: 'photos.reactionBar.wow', defaultMessage: 'Wow' },
});

export const REACTION_KINDS_SHOWN: Array<{ kind: ReactionKind; emoji: string; label: MessageDescriptor }> = [
  { kind: 'love', emoji: '❤️', label: reactionNames.love },
  { kind: 'fire', emoji: '🔥', label: reactionNames.fire },
  { kind: 'clap', emoji: '👏', label: reactionNames.clap },
  { kind: 'wow', emoji: '😮', label: reactionNames.wow },
];

