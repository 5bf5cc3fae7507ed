/** The crop react-easy-crop reports, in the source image's pixels. */
export interface PixelCrop {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Profile pictures are stored at most this wide (and as tall: square). */
export const PROFILE_PICTURE_MAX_SIZE = 512;

// the type check lives apart from the canvas code: the profile page needs it at first paint, the crop later
export { ACCEPTED_IMAGE_TYPES, isAcceptedImage, NOT_AN_IMAGE_MESSAGE } from './imageFile.ts';

/** The output edge: the crop's own size, capped, and never below one pixel. */
export function outputSize(crop: PixelCrop, max = PROFILE_PICTURE_MAX_SIZE): number {
  return Math.max(1, Math.min(max, Math.round(Math.min(crop.width, crop.height))));
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be read'));
    image.src = src;
  });
}

/** Draws the square crop on a canvas and exports it as a JPEG (spec §5: square, saved as jpeg). */
export async function cropToJpeg(src: string, crop: PixelCrop, quality = 0.9): Promise<Blob> {
  const image = await loadImage(src);
  const size = outputSize(crop);
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Your browser cannot edit images');
  // JPEG has no transparency: transparent PNG areas become white rather than black
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size, size);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, crop.x, crop.y, crop.width, crop.height, 0, 0, size, size);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be saved'))),
      'image/jpeg',
      quality,
    );
  });
}
