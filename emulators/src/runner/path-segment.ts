/**
 * A URL path segment, percent-decoded; a segment whose escapes are not UTF-8 (`%FF`) is kept
 * as sent. No project, region, function or app id contains `%`, so such a segment names
 * nothing and the route answers 404, as production's front end does for a function that does
 * not exist, where `decodeURIComponent` alone would throw and make it a 500.
 */
export function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
