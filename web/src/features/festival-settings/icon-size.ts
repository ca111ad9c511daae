/** The smallest app icon the web manifest's largest size (512) can be made from without scaling it up. */
export const ICON_MIN_SIZE = 512;

/** What is wrong with an app icon's size, if anything: it must be square and at least ICON_MIN_SIZE wide. */
export function iconSizeProblem({ width, height }: { width: number; height: number }): 'not-square' | 'too-small' | null {
  if (width !== height) return 'not-square';
  if (width < ICON_MIN_SIZE) return 'too-small';
  return null;
}
