import defaultAvatar from '../../assets/default-avatar.svg';

export const DEFAULT_AVATAR_URL = defaultAvatar;

/** Spec §3: a profile picture is missing when empty, the text null or undefined, or ending in /null. */
export function isMissingPicture(value: string | null | undefined): boolean {
  if (value === null || value === undefined) return true;
  const trimmed = value.trim();
  return trimmed === '' || trimmed === 'null' || trimmed === 'undefined' || trimmed.endsWith('/null');
}

/** The picture to show: the agent's own, or the bundled default image. */
export function profilePictureSrc(value: string | null | undefined): string {
  return isMissingPicture(value) ? DEFAULT_AVATAR_URL : value!.trim();
}
