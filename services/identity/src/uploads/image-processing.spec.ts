import { describe, expect, it } from '@jest/globals';
import { crc32, deflateSync } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import { cleanImage } from './image-processing.js';

/** 40×20: the left half blue, the right half red, so a rotation shows where each half went. */
async function halves(): Promise<Sharp> {
  const blue = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#0000ff' } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 40, height: 20, channels: 3, background: '#ff0000' } }).composite([
    { input: blue, left: 0, top: 0 },
  ]);
}

const GPS_IFD_POINTER = [Buffer.from([0x88, 0x25]), Buffer.from([0x25, 0x88])];
const hasGps = (exif: Buffer | undefined) =>
  Boolean(exif && GPS_IFD_POINTER.some((tag) => exif.includes(tag)));

async function pixel(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * 3;
  return Array.from(data.subarray(at, at + 3));
}

describe('cleanImage: images encoded again, metadata gone', () => {
  it('drops EXIF with a GPS position from a JPEG and applies its orientation', async () => {
    const input = await (
      await halves()
    )
      .jpeg()
      .withExif({
        IFD0: { Make: 'LeakyPhone', Model: 'Serial 12345' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '25/1 11/1 4032/100',
          GPSLongitudeRef: 'E',
          GPSLongitude: '55/1 16/1 1800/100',
        },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(input).metadata();
    expect(before).toMatchObject({ format: 'jpeg', width: 40, height: 20, orientation: 6 });
    expect(hasGps(before.exif)).toBe(true);
    expect(input.includes(Buffer.from('LeakyPhone'))).toBe(true);

    const clean = await cleanImage(input);
    expect(clean).toMatchObject({ contentType: 'image/jpeg', width: 20, height: 40 });
    const after = await sharp(clean!.body).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(clean!.body.includes(Buffer.from('Exif\0\0'))).toBe(false);
    expect(clean!.body.includes(Buffer.from('LeakyPhone'))).toBe(false);
    // Orientation 6 is a quarter turn clockwise: the blue left half is now on top.
    const [topR, , topB] = await pixel(clean!.body, 10, 5);
    const [bottomR, , bottomB] = await pixel(clean!.body, 10, 35);
    expect(topB).toBeGreaterThan(200);
    expect(topR).toBeLessThan(60);
    expect(bottomR).toBeGreaterThan(200);
    expect(bottomB).toBeLessThan(60);
  });

  it('keeps PNG and GIF in their format, without text chunks or trailing data', async () => {
    const png = Buffer.concat([
      await (await halves()).png().withMetadata({ density: 300 }).toBuffer(),
      Buffer.from('<script>hidden after IEND</script>'),
    ]);
    const cleanPng = await cleanImage(png);
    expect(cleanPng).toMatchObject({ contentType: 'image/png', width: 40, height: 20 });
    expect(cleanPng!.body.includes(Buffer.from('<script>'))).toBe(false);
    const gif = await (await halves()).gif().toBuffer();
    expect(await cleanImage(gif)).toMatchObject({ contentType: 'image/gif', width: 40, height: 20 });
  });

  it('scales a large image down to 2048 px on its longer side, never up', async () => {
    const large = await sharp({ create: { width: 4000, height: 1000, channels: 3, background: '#00aa55' } })
      .jpeg()
      .toBuffer();
    expect(await cleanImage(large)).toMatchObject({ width: 2048, height: 512 });
  });

  it('refuses what is not a whole jpeg, png or gif, whatever it is called', async () => {
    const jpeg = await (await halves()).jpeg().toBuffer();
    const webp = await (await halves()).webp().toBuffer();
    for (const bytes of [
      Buffer.from('%PDF-1.7\n1 0 obj\n'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('not really a jpeg')]),
      jpeg.subarray(0, Math.floor(jpeg.length / 2)),
      webp,
      Buffer.alloc(0),
    ]) {
      expect(await cleanImage(bytes)).toBeNull();
    }
  });

  it('refuses a small file that claims a huge canvas (decompression bomb)', async () => {
    // A whole, valid PNG of 6400×6400 black pixels (41 megapixels: under sharp's own limit,
    // just over ours) in about 40 KB: decoding it would take 41 MB.
    const chunk = (type: string, data: Buffer) => {
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body));
      return Buffer.concat([length, body, crc]);
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(6_400, 0);
    header.writeUInt32BE(6_400, 4);
    header.set([8, 0, 0, 0, 0], 8);
    const bomb = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Buffer.alloc(6_401 * 6_400), { level: 9 })),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    expect(bomb.length).toBeLessThan(100_000);
    expect(await sharp(bomb).metadata()).toMatchObject({ format: 'png', width: 6_400, height: 6_400 });
    expect(await cleanImage(bomb)).toBeNull();
  }, 30_000);
});
