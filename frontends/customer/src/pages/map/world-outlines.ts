import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/** The part of the world the two sites' maps can show (with their margins): the Middle East. */
const REGION = { south: 5, north: 45, west: 25, east: 70 };

function touchesRegion(geometry: Geometry): boolean {
  const positions: number[][] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value) && typeof value[0] === 'number') positions.push(value as number[]);
    else if (Array.isArray(value)) value.forEach(walk);
  };
  walk('coordinates' in geometry ? geometry.coordinates : []);
  return positions.some(
    ([lng, lat]) => lat >= REGION.south && lat <= REGION.north && lng >= REGION.west && lng <= REGION.east,
  );
}

/**
 * The offline base layer: country outlines of Natural Earth (1:50m, npm `world-atlas`),
 * converted from TopoJSON with `topojson-client` and cut to the region, so the map is never a
 * blank square where no tile server is reachable. The data is its own chunk, fetched with the
 * map page only.
 */
export async function loadCountryOutlines(): Promise<FeatureCollection> {
  const { default: topology } = (await import('world-atlas/countries-50m.json')) as unknown as {
    default: Topology<{ countries: GeometryCollection<{ name: string }> }>;
  };
  const countries = feature(topology, topology.objects.countries) as FeatureCollection<
    Geometry,
    { name: string }
  >;
  return {
    type: 'FeatureCollection',
    features: countries.features.filter((country: Feature<Geometry, { name: string }>) =>
      touchesRegion(country.geometry),
    ),
  };
}
