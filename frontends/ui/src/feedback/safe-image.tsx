import { useEffect, useState, type ImgHTMLAttributes } from 'react';

/** A neutral picture (house outline on the canvas colour) shown when an image fails (spec §8). */
export const PLACEHOLDER_IMAGE =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 200"><rect width="320" height="200" fill="#e9eeeb"/>' +
      '<path d="M130 104 160 80l30 24M138 98v32h44V98M154 130v-16h12v16" fill="none" stroke="#85928c" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/></svg>',
  );

export interface SafeImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  src: string | null | undefined;
  alt: string;
  /** What to show instead; the house placeholder by default. */
  fallback?: string;
}

/** An `<img>` that falls back to a placeholder when the source is missing or fails to load. */
export function SafeImage({
  src,
  alt,
  fallback = PLACEHOLDER_IMAGE,
  loading = 'lazy',
  ...img
}: SafeImageProps) {
  const [failed, setFailed] = useState(!src);
  useEffect(() => setFailed(!src), [src]);
  return (
    <img
      {...img}
      alt={alt}
      loading={loading}
      src={failed || !src ? fallback : src}
      data-fallback={failed ? 'true' : undefined}
      onError={() => setFailed(true)}
    />
  );
}
