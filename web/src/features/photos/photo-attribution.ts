import type { Programme } from '../../festival/programme';
import type { WallPhoto } from './photo-types';

/** What the wall says about a photo besides the image: which set, when, and whose. */
export interface PhotoAttribution {
  /** The set the uploader named (absent: none, or one no longer in the programme). */
  artist: string | null;
  stage: string | null;
  /** When it was taken (its capture time) or, lacking one, when it was shared. */
  at: Date;
  /** True when `at` is the camera's capture time, false when it is the upload time. */
  captured: boolean;
  /** The name the uploader chose; null: they chose none ("a visitor"). Never an email. */
  uploaderName: string | null;
  /** The festival's zone: times read as its clocks say them. */
  timeZone: string;
  /**
   * False while the programme has not loaded (the wall's live document can come first): the set
   * and the festival's clock are not known yet, so neither "Not from one set" nor a time in the
   * wrong zone is shown meanwhile.
   */
  known: boolean;
}

export function attributionOf(photo: WallPhoto, programme: Programme | null | undefined): PhotoAttribution {
  const performance = photo.performanceId ? programme?.performances.find((candidate) => candidate.id === photo.performanceId) : undefined;
  const artist = performance ? (programme?.artists.get(performance.artistId)?.name ?? null) : null;
  const stage = performance ? (programme?.stages.find((candidate) => candidate.id === performance.stageId)?.name ?? null) : null;
  return {
    artist,
    stage,
    at: photo.capturedAt ?? photo.createdAt,
    captured: photo.capturedAt !== null,
    uploaderName: photo.uploaderName ?? null,
    timeZone: programme?.festival.timeZone ?? 'UTC',
    known: Boolean(programme),
  };
}
