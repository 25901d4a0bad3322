import { PHOTO_LIMITS, PHOTO_SIZES, type PhotoSize } from '@manzil/contracts';

/** A 2 MB PNG can claim a gigapixel canvas: refuse before decoding more than this. */
const MAX_INPUT_PIXELS = 40_000_000;
const FORMATS = new Set(['jpeg', 'png', 'gif']);

export interface ProcessedPhoto {
  width: number;
  height: number;
  /** webp of each size the pages use, scaled down (never up), upright, without metadata. */
  sizes: Record<PhotoSize, Buffer>;
  blurDataUrl: string | null;
}

/**
 * A listing photo, judged by its content (jpeg, png or gif; the name and declared type are the
 * client's word): turned upright by its EXIF orientation, encoded again as webp at each size of
 * PHOTO_SIZES (which drops every piece of metadata, GPS included), plus a tiny blurred webp as a
 * data URL unless the photo is under 40 px (spec §9). Null for anything that is not a whole image.
 */
export async function processPhoto(bytes: Buffer): Promise<ProcessedPhoto | null> {
  // sharp (libvips, native) is loaded at the first photo, not with this module: the seed
  // (`cli.js setup`) and the service's boot reach this file for photoUrl and photoKey only.
  const { default: sharp } = await import('sharp');
  try {
    const metadata = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!metadata.format || !FORMATS.has(metadata.format) || !metadata.width || !metadata.height) return null;
    const upright = () => sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    const sizes = {} as Record<PhotoSize, Buffer>;
    for (const [size, width] of Object.entries(PHOTO_SIZES) as [PhotoSize, number][])
      sizes[size] = await upright()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 75 })
        .toBuffer();
    const { width, height } = await sharp(sizes.detail).metadata();
    const small = Math.min(metadata.width, metadata.height) < PHOTO_LIMITS.blurMinSide;
    const blur = small
      ? null
      : await upright()
          .resize({ width: 16, height: 16, fit: 'inside' })
          .blur()
          .webp({ quality: 40 })
          .toBuffer();
    return {
      width: width ?? metadata.width,
      height: height ?? metadata.height,
      sizes,
      blurDataUrl: blur ? `data:image/webp;base64,${blur.toString('base64')}` : null,
    };
  } catch {
    return null;
  }
}

/** Where a size of a photo is kept in the object storage. */
export const photoKey = (id: string, size: PhotoSize) => `listings/photos/${id}/${size}`;

/** Where a browser fetches it: through the gateway, which maps `/api/listings/**` here. */
export const photoUrl = (id: string, size: PhotoSize) => `/api/listings/v1/media/photos/${id}/${size}`;

const UPLOADED_PHOTO = /^\/api\/listings\/v1\/media\/photos\/([0-9a-f-]{36})\/[a-z]+$/;
/** The id of an uploaded photo from one of its URLs (`photoUrl`), or null (a demo or a link). */
export const uploadedPhotoId = (url: string): string | null => UPLOADED_PHOTO.exec(url)?.[1] ?? null;
