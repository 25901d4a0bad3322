/** Spec §5: jpeg, png, jpg, gif, under 2 MB. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** The image type from the file's first bytes (the name and the declared type are the client's word). */
export function imageTypeOf(bytes: Buffer): 'image/jpeg' | 'image/png' | 'image/gif' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'image/png';
  }
  const head = bytes.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'image/gif';
  return null;
}
