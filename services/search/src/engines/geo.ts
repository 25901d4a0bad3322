import type { MapBounds } from '@manzil/contracts';

const BASE32 = '0123456789bcdefghjkmnpqrstuvwxyz';

/** Bits of a geohash of `precision` characters per axis (5 bits each, longitude first). */
export function cellBits(precision: number): { lat: number; lng: number } {
  const bits = 5 * precision;
  return { lat: Math.floor(bits / 2), lng: Math.ceil(bits / 2) };
}

/** Size in degrees of a geohash cell of `precision` characters. */
export function cellSize(precision: number): { lat: number; lng: number } {
  const bits = cellBits(precision);
  return { lat: 180 / 2 ** bits.lat, lng: 360 / 2 ** bits.lng };
}

/** The geohash of a point. */
export function geohash(lat: number, lng: number, precision: number): string {
  let latRange = [-90, 90];
  let lngRange = [-180, 180];
  let hash = '';
  let bit = 0;
  let value = 0;
  let even = true;
  while (hash.length < precision) {
    const range = even ? lngRange : latRange;
    const coordinate = even ? lng : lat;
    const mid = (range[0] + range[1]) / 2;
    value <<= 1;
    if (coordinate >= mid) {
      value |= 1;
      if (even) lngRange = [mid, lngRange[1]];
      else latRange = [mid, latRange[1]];
    } else if (even) lngRange = [lngRange[0], mid];
    else latRange = [latRange[0], mid];
    even = !even;
    if (++bit === 5) {
      hash += BASE32[value];
      bit = 0;
      value = 0;
    }
  }
  return hash;
}

/** The bounds of a geohash cell. */
export function cellBounds(hash: string): MapBounds {
  let lat = [-90, 90];
  let lng = [-180, 180];
  let even = true;
  for (const char of hash) {
    const value = BASE32.indexOf(char);
    for (let shift = 4; shift >= 0; shift--) {
      const on = (value >> shift) & 1;
      const range = even ? lng : lat;
      const mid = (range[0] + range[1]) / 2;
      if (even) lng = on ? [mid, lng[1]] : [lng[0], mid];
      else lat = on ? [mid, lat[1]] : [lat[0], mid];
      even = !even;
    }
  }
  return { south: lat[0], north: lat[1], west: lng[0], east: lng[1] };
}

/** The geohash of grid cell (x, y) of the given precision (cells counted from -180, -90). */
export function cellKey(x: number, y: number, precision: number): string {
  const size = cellSize(precision);
  return geohash(-90 + (y + 0.5) * size.lat, -180 + (x + 0.5) * size.lng, precision);
}

/** A bounding box around a point that holds every point within `km` (great circle). */
export function boxAround(lat: number, lng: number, km: number): MapBounds {
  const dLat = (km / 6371) * (180 / Math.PI);
  const dLng = dLat / Math.max(0.01, Math.cos((lat * Math.PI) / 180));
  return { north: lat + dLat, south: lat - dLat, east: lng + dLng, west: lng - dLng };
}
