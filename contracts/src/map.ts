import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';

/**
 * `GET /map-config.json` of the gateway: where the map's raster tiles come from, per
 * deployment (`MAP_TILE_URL`, `MAP_TILE_ATTRIBUTION`). Null: no tile server (as on a machine
 * without the internet), and the map shows only its offline base layer of country outlines.
 */
export const mapConfigSchema = lazySchema(() =>
  z.object({
    /** A Leaflet tile URL template: `https://tiles.example/{z}/{x}/{y}.png`. */
    tileUrl: z.string().min(1).nullable(),
    attribution: z.string(),
  }),
);
export type MapConfig = z.infer<typeof mapConfigSchema>;
export const MAP_CONFIG_PATH = '/map-config.json';

/**
 * Below this zoom the map shows server clusters of the viewport, from it on one pin per
 * listing (a zoom of 13 is about 5 km across at these latitudes).
 */
export const MAP_PIN_ZOOM = 13;
