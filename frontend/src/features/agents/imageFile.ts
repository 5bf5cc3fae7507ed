/** Spec §5: images only. The accepted types, and the message for anything else. */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const NOT_AN_IMAGE_MESSAGE = 'Please choose an image file (JPEG, PNG or WebP)';

export function isAcceptedImage(file: Pick<File, 'type'>): boolean {
  return (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type);
}

/** A file of an image type whose bytes are not a picture (damaged, or renamed). */
export const UNREADABLE_IMAGE_MESSAGE =
  'This image could not be read. It may be damaged: please choose another JPEG, PNG or WebP file.';

/**
 * Whether the browser can decode the file as a picture: a damaged file of an image type otherwise opened
 * the cropper on a black square, or uploaded a picture nobody could see.
 */
export async function decodesAsImage(file: Blob): Promise<boolean> {
  try {
    const bitmap = await createImageBitmap(file);
    bitmap.close();
    return true;
  } catch {
    return false;
  }
}
