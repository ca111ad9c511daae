import { useFavoriteCount } from '../../festival/LiveCountsContext';
import { memo, Suspense, useId } from 'react';
import { preloadable } from '../../app/preloadable';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { festivalIsOver } from '../../festival/festival-phase';
import type { PerformanceDoc, Programme } from '../../festival/programme';
import { clockTime, timeRange } from '../../time/format';
import type { FavoritePriority } from '@encore/model';
import { wasLabel } from '../delay/was-label';
import { FavoriteButton } from '../favorites/FavoriteButton';
import { FriendsOnCardSlot } from '../friends/FriendPlansContext';
import { PriorityCycleButton } from '../favorites/PriorityCycleButton';
import { PriorityLabel, priorityText } from '../favorites/priority-words';

/**
 * The list cards' must-see/maybe pair, loaded with the list layout (ProgrammeView) or on the
 * first card that shows it: the default timeline shows one cycling button instead, and the
 * programme's first download does without the pair.
 */
export const priorityToggle = preloadable(() => import('../favorites/PriorityToggle').then((module) => module.PriorityToggle));

export interface FavoriteProps {
  ids: ReadonlySet<string>;
  pendingIds: ReadonlySet<string>;
  onToggle(performanceId: string): void;
  /** Must-see or maybe per favourite (plain ones are not in it). */
  priorities?: ReadonlyMap<string, FavoritePriority>;
  /** Present where the priority can be set: a card then shows the must-see/maybe toggles. */
  onPriority?(performanceId: string, priority: FavoritePriority | null): void;
}

/**
 * One set, as a card in a list or a block on the timeline: who, when, whether it is playing
 * or cancelled, and the one-tap favourite with its live count and pending mark. A cancelled
 * set cannot be favourited (the rules refuse it too): its heart stays, dimmed and
 * `aria-disabled`, described by why; one favourited before the cancellation can still be
 * taken out of the schedule. After the festival no card offers a heart or a priority. Where the priority can be set, a card carries the must-see/maybe
 * pair and a timeline block the single button that cycles them.
 */
export interface SetCardProps {
  performance: PerformanceDoc;
  programme: Programme;
  /** Absent on read-only views (a shared schedule): the count shows without the button. */
  favorites?: FavoriteProps;
  now: Date;
  showStage?: boolean;
  /** `block`: sized by the timeline (name, then time, a compact heart and the priority button). */
  variant?: 'card' | 'block';
  headingLevel?: 3 | 4;
  style?: React.CSSProperties;
  /** The priority on a read-only view (a shared schedule); otherwise it comes from `favorites`. */
  priority?: FavoritePriority | undefined;
}

/** Where a set stands at a moment: all a card shows of the clock. */
export type SetPhase = 'cancelled' | 'playing' | 'finished' | 'upcoming';

export function setPhase(performance: PerformanceDoc, now: Date): SetPhase {
  if (performance.status === 'cancelled') return 'cancelled';
  if (performance.endsAt <= now) return 'finished';
  return performance.startsAt <= now ? 'playing' : 'upcoming';
}

/**
 * A programme shows dozens of cards, and the app's shared state changes often while they are
 * on screen: the live counts every publication, the clock every minute, the hearts at each tap,
 * the account once signed in. This outer part reads all of that and hands the card only what
 * it shows of it (its own count, its phase, its own heart), so the card itself (memo'd) renders
 * again only when one of those changed, not every card on every change (four renders of each
 * card on a first visit before this split).
 */
export function SetCard({ performance, programme, favorites, now, showStage = false, variant = 'card', headingLevel = 3, style, priority: sharedPriority }: SetCardProps) {
  // Published apart from the programme (festivals/{f}/live/sets), at most ~30 s behind.
  const fans = useFavoriteCount(performance.id);
  const isFavorite = favorites?.ids.has(performance.id) ?? false;
  // Once the festival is over (or archived) there is nothing to plan: the card keeps one's
  // must-see or maybe as a flag and the heart's count, without the buttons (issue 37).
  const planning = !festivalIsOver(programme.festival, now);
  return (
    <SetCardBody
      performance={performance}
      programme={programme}
      showStage={showStage}
      variant={variant}
      headingLevel={headingLevel}
      style={style}
      fans={fans}
      phase={setPhase(performance, now)}
      isFavorite={isFavorite}
      pending={favorites?.pendingIds.has(performance.id) ?? false}
      priority={favorites ? (isFavorite ? favorites.priorities?.get(performance.id) : undefined) : sharedPriority}
      onToggle={planning ? favorites?.onToggle : undefined}
      onPriority={planning ? favorites?.onPriority : undefined}
    />
  );
}

interface SetCardBodyProps extends Pick<SetCardProps, 'performance' | 'programme' | 'style'> {
  showStage: boolean;
  variant: 'card' | 'block';
  headingLevel: 3 | 4;
  fans: number;
  phase: SetPhase;
  isFavorite: boolean;
  pending: boolean;
  priority: FavoritePriority | undefined;
  /** Absent on read-only views: the count shows without the button. */
  onToggle: FavoriteProps['onToggle'] | undefined;
  onPriority: FavoriteProps['onPriority'];
}

const SetCardBody = memo(function SetCardBody({
  performance,
  programme,
  showStage,
  variant,
  headingLevel,
  style,
  fans,
  phase,
  isFavorite,
  pending,
  priority,
  onToggle,
  onPriority,
}: SetCardBodyProps) {
  const intl = useIntl();
  const noteId = useId();
  const artist = programme.artists.get(performance.artistId);
  const stage = programme.stages.find((candidate) => candidate.id === performance.stageId);
  const name = artist?.name ?? intl.formatMessage({ id: 'programme.setCard.unknownArtist', defaultMessage: 'Unknown artist' });
  const cancelled = phase === 'cancelled';
  const playing = phase === 'playing';
  const finished = phase === 'finished';
  const range = timeRange(intl, performance.startsAt, performance.endsAt, programme.festival);
  // Friends who plan it, from the plans the app listens to once (no read per card).
  const Heading = headingLevel === 4 ? 'h4' : 'h3';
  const label = [
    name,
    range,
    // A stage running late (issue 36): the start it had before, as the struck time says.
    wasLabel(intl, performance.scheduled, programme.festival),
    showStage && stage ? stage.name : null,
    cancelled ? intl.formatMessage({ id: 'programme.setCard.cancelled', defaultMessage: 'Cancelled' }) : null,
    playing ? intl.formatMessage({ id: 'programme.setCard.playing', defaultMessage: 'Playing now' }) : null,
    finished ? intl.formatMessage({ id: 'programme.setCard.finished', defaultMessage: 'Finished' }) : null,
    priority ? priorityText(intl, priority) : null,
  ]
    .filter(Boolean)
    .join(', ');
  const time =
    variant === 'block' ? (
      // Start over end: the row beside the heart and the priority button is narrow on a phone.
      <p className="set-time">
        <span>
          {playing ? <span className="set-live-dot" aria-hidden="true" /> : null}
          <time dateTime={performance.startsAt.toISOString()}>{clockTime(intl, performance.startsAt, programme.festival)}</time>
          <StruckStart performance={performance} festival={programme.festival} />
        </span>
        <span className="visually-hidden">–</span>
        <time dateTime={performance.endsAt.toISOString()}>{clockTime(intl, performance.endsAt, programme.festival)}</time>
      </p>
    ) : (
      <p className="set-time">
        <time dateTime={performance.startsAt.toISOString()}>{range}</time>
        <StruckStart performance={performance} festival={programme.festival} />
        {showStage && stage ? <span className="set-stage"> · {stage.name}</span> : null}
      </p>
    );
  const heading = (
    <Heading className="set-name">
      <Link to={`/performances/${performance.id}`}>{name}</Link>
    </Heading>
  );
  const priorityFlag =
    priority && !onPriority ? (
      <p className={`set-flag set-flag-priority set-flag-${priority}`}>
        <PriorityLabel priority={priority} />
      </p>
    ) : null;
  const cancelledFlag = cancelled ? (
    <p className="set-flag set-flag-cancelled" id={noteId}>
      <FormattedMessage id="programme.setCard.cancelled" defaultMessage="Cancelled" />
      <span className="visually-hidden">
        {' '}
        {isFavorite ? (
          <FormattedMessage id="programme.setCard.cancelledMine" defaultMessage="You can still take it out of your schedule." />
        ) : (
          <FormattedMessage id="programme.setCard.cancelledNoFavourite" defaultMessage="A cancelled set cannot be added to your schedule." />
        )}
      </span>
    </p>
  ) : null;
  const heart = onToggle ? (
    <FavoriteButton
      artistName={name}
      isFavorite={isFavorite}
      pending={pending}
      count={fans}
      onToggle={() => onToggle(performance.id)}
      disabled={cancelled && !isFavorite}
      describedBy={cancelled ? noteId : undefined}
      compact={variant === 'block'}
    />
  ) : (
    <p className="favorite">
      <span aria-hidden="true">♥ {fans}</span>
      <span className="visually-hidden">
        <FormattedMessage id="programme.setCard.fans" defaultMessage="{count, plural, one {# fan} other {# fans}}" values={{ count: fans }} />
      </span>
    </p>
  );
  return (
    <article
      className={`set-card set-${variant}${cancelled ? ' set-cancelled' : ''}${playing ? ' set-playing' : ''}${finished ? ' set-finished' : ''}${isFavorite ? ' set-mine' : ''}${priority ? ` set-${priority}` : ''}`}
      style={{ ...style, ['--stage-color' as string]: stage?.color ?? 'var(--color-stage-fallback)' }}
      aria-label={label}
      data-set-id={performance.id}
    >
      {variant === 'block' ? (
        // The artist first, across the whole block; under it one row with the time, the heart
        // and the priority button (44 px targets each), so the name is never squeezed by them.
        <>
          <div className="set-main">
            {heading}
            {priorityFlag}
            {cancelledFlag}
            <FriendsOnCardSlot performanceId={performance.id} />
          </div>
          <div className="set-block-bar">
            {time}
            {heart}
            {onPriority ? (
              <PriorityCycleButton
                artistName={name}
                priority={priority}
                onChange={(next) => onPriority(performance.id, next)}
                disabled={cancelled && !isFavorite}
                describedBy={cancelled ? noteId : undefined}
              />
            ) : null}
          </div>
        </>
      ) : (
        <>
          <div className="set-main">
            {time}
            {heading}
            {performance.title ? <p className="set-title">{performance.title}</p> : null}
            {priorityFlag}
            {onPriority ? <ListPriorityToggle artistName={name} priority={priority} onChange={(next) => onPriority(performance.id, next)} disabled={cancelled && !isFavorite} /> : null}
            {cancelledFlag}
            <FriendsOnCardSlot performanceId={performance.id} />
            {playing ? (
              <p className="set-flag set-flag-playing">
                <FormattedMessage id="programme.setCard.playing" defaultMessage="Playing now" />
              </p>
            ) : null}
          </div>
          {heart}
        </>
      )}
    </article>
  );
});

/**
 * A delayed set's printed start, struck through beside its new time (issue 36). Hidden from
 * speech: the card's label already says "was 20:45" (wasLabel), so it needs none of WasTime's
 * words, and the programme's first download stays small.
 */
function StruckStart({ performance, festival }: { performance: PerformanceDoc; festival: Programme['festival'] }) {
  const intl = useIntl();
  if (!performance.scheduled) return null;
  return (
    <span className="was-time">
      {' '}
      <del aria-hidden="true">{clockTime(intl, performance.scheduled.startsAt, festival)}</del>
    </span>
  );
}

/** The pair, its row kept while its code loads (when the list did not load it first). */
function ListPriorityToggle(props: Parameters<typeof priorityToggle.Component>[0]) {
  return (
    <Suspense fallback={<div className="priority-toggle priority-toggle-waiting" aria-hidden="true" />}>
      <priorityToggle.Component {...props} />
    </Suspense>
  );
}
