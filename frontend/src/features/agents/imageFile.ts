/** Spec §5: images only. The accepted types, and the message for anything else. */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const NOT_AN_IMAGE_MESSAGE = 'Please choose an image file (JPEG, PNG or WebP)';

export function isAcceptedImage(file: Pick<File, 'type'>): boolean {
  return (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type);
}
