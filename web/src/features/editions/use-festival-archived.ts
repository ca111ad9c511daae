import { isArchived } from '@encore/model';
import { useFestivalIfProvided } from '../../festival/FestivalContext';

/**
 * Whether the festival the app shows is archived (`archivedAt`, issue 35), read from the
 * festival document the app already holds (the bundle or its listener): no read of its own.
 * The rules refuse every write to an archived festival; controls whose writes would be refused
 * (hearts, reactions, reports, uploads) ask this to stand still instead. False while the
 * festival is loading, and outside a FestivalProvider.
 */
export function useFestivalArchived(): boolean {
  const festival = useFestivalIfProvided()?.programme?.festival;
  return festival ? isArchived(festival) : false;
}
