/**
 * Checks every request before Remix sees it: a refusal (4xx) is returned as a Response, and the
 * request goes on when this returns null.
 */
export async function guardRequest(_request: Request): Promise<Response | null> {
  return null;
}
