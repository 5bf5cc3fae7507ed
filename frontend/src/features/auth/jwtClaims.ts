/** The claims the app reads from an access token (the signature is the API's business). */
export function decodeJwtClaims(token: string): { sub?: string; exp?: number } {
  const payload = token.split('.')[1];
  if (!payload) return {};
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(json, (char) => char.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as { sub?: string; exp?: number };
  } catch {
    return {};
  }
}
