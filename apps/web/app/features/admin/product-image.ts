import { PRODUCT_IMAGE_MAX_BYTES } from '@catalogue/shared/domain/limits';

export type ImageProblem = 'imageType' | 'imageSize';

/**
 * The browser's first look at a chosen picture: an image type, under 5 MB. The server
 * sniffs the bytes again, so a renamed file is still refused there.
 */
export function checkImageFile(file: File): ImageProblem | null {
  if (!file.type.startsWith('image/')) return 'imageType';
  if (file.size >= PRODUCT_IMAGE_MAX_BYTES) return 'imageSize';
  return null;
}
