import sharp from 'sharp';

/** Spec §5: jpeg, png, jpg, gif, under 2 MB. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
/** Pictures and logos are shown small: larger ones are scaled down (never up) to fit. */
export const MAX_IMAGE_SIDE = 2048;
/** A 2 MB PNG can claim a gigapixel canvas: refuse before decoding more than this. */
const MAX_INPUT_PIXELS = 40_000_000;

const CONTENT_TYPES = { jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif' } as const;
type Format = keyof typeof CONTENT_TYPES;

export interface CleanImage {
  body: Buffer;
  contentType: (typeof CONTENT_TYPES)[Format];
  width: number;
  height: number;
}

/**
 * Decodes the bytes as an image (by their content: the file name and the declared type are
 * the client's word) and encodes it again in the same format, turned upright by its EXIF
 * orientation and scaled to at most MAX_IMAGE_SIDE. Encoding again drops every piece of
 * metadata (EXIF with GPS position and camera serials, XMP, comments, ICC profiles: sharp
 * writes none unless asked) and anything hidden after the image data. Returns null for
 * anything that is not a whole jpeg, png or gif.
 */
export async function cleanImage(bytes: Buffer): Promise<CleanImage | null> {
  let format: Format;
  let pages: number;
  try {
    const metadata = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!metadata.format || !(metadata.format in CONTENT_TYPES)) return null;
    format = metadata.format as Format;
    pages = metadata.pages ?? 1;
  } catch {
    return null;
  }
  try {
    // Every frame of an animated GIF is kept; only single images carry an orientation to apply.
    let image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, animated: pages > 1 });
    if (pages === 1) image = image.rotate();
    image = image.resize({
      width: MAX_IMAGE_SIDE,
      height: MAX_IMAGE_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    });
    const encoded =
      format === 'jpeg' ? image.jpeg({ quality: 85 }) : format === 'png' ? image.png() : image.gif();
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return {
      body: data,
      contentType: CONTENT_TYPES[format],
      width: info.width,
      height: info.pageHeight ?? info.height,
    };
  } catch {
    // Truncated or corrupt data (failOn: 'error'), or more pixels than allowed.
    return null;
  }
}
