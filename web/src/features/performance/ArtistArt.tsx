/**
 * The artwork slot of an artist: their picture when there is one, until then their initials
 * on the colour of the stage they play, so every act has a face on the page.
 */
export function ArtistArt({ name, color, imageUrl, size = 'large' }: { name: string; color?: string | undefined; imageUrl?: string; size?: 'large' | 'small' }) {
  return (
    <div className={`artist-art${size === 'small' ? ' artist-art-small' : ''}`} style={{ ['--stage-color' as string]: color ?? 'var(--color-stage-fallback)' }} aria-hidden="true">
      <span className="artist-art-initials">{initials(name)}</span>
      {imageUrl ? <img src={imageUrl} alt="" loading="lazy" /> : null}
    </div>
  );
}

/** "Sígur Rós" → "SR", "Kraftwerk" → "KR": the first letters of the first two words. */
export function initials(name: string): string {
  const words = name.split(/[\s\-_.&+]+/u).filter((word) => /\p{L}|\p{N}/u.test(word));
  const letters = (word: string) => [...word].filter((char) => /\p{L}|\p{N}/u.test(char));
  if (words.length === 0) return '?';
  if (words.length === 1) return letters(words[0]!).slice(0, 2).join('').toUpperCase();
  return (letters(words[0]!)[0]! + letters(words[1]!)[0]!).toUpperCase();
}
