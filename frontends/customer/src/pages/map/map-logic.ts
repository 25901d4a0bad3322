import {
  MAP_PIN_ZOOM,
  SITE_FACTS,
  type MapBounds,
  type PropertyTypeSlug,
  type Site,
} from '@manzil/contracts';

/** What the map shows of a viewport: the server's clusters when zoomed out, one pin per listing when in. */
export type MapMode = 'clusters' | 'pins';
export function mapModeFor(zoom: number): MapMode {
  return zoom >= MAP_PIN_ZOOM ? 'pins' : 'clusters';
}

/** The visible part of the map and its zoom, as the page queries it. */
export interface MapView {
  bounds: MapBounds;
  zoom: number;
}

/**
 * The first view of a site's map (spec §9): its bounds, with the default centre. The map is
 * kept near those bounds (a margin of half their size each way) so a visitor cannot wander off
 * to an empty ocean.
 */
export function siteMapView(site: Site) {
  const { mapBounds, mapCentre } = SITE_FACTS[site];
  const latMargin = (mapBounds.north - mapBounds.south) / 2;
  const lngMargin = (mapBounds.east - mapBounds.west) / 2;
  return {
    centre: [mapCentre.lat, mapCentre.lng] as [number, number],
    bounds: [
      [mapBounds.south, mapBounds.west],
      [mapBounds.north, mapBounds.east],
    ] as [[number, number], [number, number]],
    maxBounds: [
      [mapBounds.south - latMargin, mapBounds.west - lngMargin],
      [mapBounds.north + latMargin, mapBounds.east + lngMargin],
    ] as [[number, number], [number, number]],
  };
}

/**
 * A viewport rounded outward to a decimal grid that follows the zoom (a step of about a
 * hundredth of the view or finer), clamped to valid degrees: a pan of a few pixels keeps the
 * same queries (and their cache), the rounded box always covers what the visitor sees, and
 * rounding a rounded box gives it back unchanged.
 */
export function roundView(bounds: MapBounds, zoom: number): MapView {
  const digits = Math.min(6, Math.max(0, Math.ceil(-Math.log10(360 / 2 ** (zoom + 8)))));
  const step = 10 ** -digits;
  // The epsilon absorbs binary fractions (0.1 * 3): a value on the grid stays where it is.
  const down = (value: number) => Number((Math.floor(value / step + 1e-6) * step).toFixed(digits));
  const up = (value: number) => Number((Math.ceil(value / step - 1e-6) * step).toFixed(digits));
  return {
    // Leaflet's zoom can be fractional (a fly to a cluster's box, a resize); search takes whole levels.
    zoom: Math.max(0, Math.min(22, Math.round(zoom))),
    bounds: {
      south: Math.max(-90, down(bounds.south)),
      west: Math.max(-180, down(bounds.west)),
      north: Math.min(90, up(bounds.north)),
      east: Math.min(180, up(bounds.east)),
    },
  };
}

/** The query string of a map read: the viewport and the filters the page offers. */
export function viewQuery(view: MapView, propertyType: PropertyTypeSlug): Record<string, string | number> {
  return { ...view.bounds, propertyType };
}

/** Whether a point lies in a viewport (the list and the pins describe the same box). */
export function inBounds(bounds: MapBounds, latitude: number, longitude: number): boolean {
  return (
    latitude >= bounds.south &&
    latitude <= bounds.north &&
    longitude >= bounds.west &&
    longitude <= bounds.east
  );
}

/** `?type=` of /map-search: one of the four listing types, buy when absent or unknown. */
export function propertyTypeFromParam(value: string | null): PropertyTypeSlug {
  return value === 'rent' || value === 'commercial-buy' || value === 'commercial-rent' ? value : 'buy';
}

/** A server cluster as the map draws it: where, how many, and the box it zooms to. */
export interface DrawnCluster {
  key: string;
  count: number;
  centre: { lat: number; lng: number };
  bounds: MapBounds;
}

/**
 * Clusters whose markers would overlap on screen (centres closer than `minDistance` pixels,
 * `project` giving a cluster's pixel position) drawn as one: counts added, the centre weighted
 * by count, the bounds joined, the biggest first. Neighbouring grid cells of the server often
 * sit side by side at a zoom; one marker over another could not be clicked.
 */
export function mergeOverlapping(
  clusters: DrawnCluster[],
  project: (centre: { lat: number; lng: number }) => { x: number; y: number },
  minDistance: number,
): DrawnCluster[] {
  const merged: (DrawnCluster & { point: { x: number; y: number } })[] = [];
  for (const cluster of [...clusters].sort((a, b) => b.count - a.count || a.key.localeCompare(b.key))) {
    const point = project(cluster.centre);
    const near = merged.find(
      (other) => Math.hypot(other.point.x - point.x, other.point.y - point.y) < minDistance,
    );
    if (!near) {
      merged.push({ ...cluster, point });
      continue;
    }
    const count = near.count + cluster.count;
    near.centre = {
      lat: (near.centre.lat * near.count + cluster.centre.lat * cluster.count) / count,
      lng: (near.centre.lng * near.count + cluster.centre.lng * cluster.count) / count,
    };
    near.bounds = {
      north: Math.max(near.bounds.north, cluster.bounds.north),
      south: Math.min(near.bounds.south, cluster.bounds.south),
      east: Math.max(near.bounds.east, cluster.bounds.east),
      west: Math.min(near.bounds.west, cluster.bounds.west),
    };
    near.count = count;
    near.key = `${near.key}+${cluster.key}`;
  }
  return merged.map(({ key, count, centre, bounds }) => ({ key, count, centre, bounds }));
}
