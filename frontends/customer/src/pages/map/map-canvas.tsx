import { useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from '@manzil/ui/router';
import { useQuery } from '@tanstack/react-query';
import { divIcon, type LatLngBoundsExpression } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { GeoJSON, MapContainer, Marker, Popup, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import type { FeatureCollection } from 'geojson';
import { MAP_PIN_ZOOM, type MapCluster, type MapPin, type Site } from '@manzil/contracts';
import { Price, formatNumber, useLanguage } from '@manzil/ui';
import { mergeOverlapping, siteMapView, type DrawnCluster, type MapView } from './map-logic.js';
import { endZoomOfRemovedMaps } from './leaflet-fixes.js';
import { mapConfigQuery } from './map-queries.js';
import { loadCountryOutlines } from './world-outlines.js';

endZoomOfRemovedMaps();

export interface MapCanvasProps {
  site: Site;
  clusters: MapCluster[] | null;
  pins: MapPin[] | null;
  /** The listing the visitor points at in the list (its pin stands out), or clicked on the map. */
  activeId: string | null;
  onActivate: (id: string | null) => void;
  onViewChange: (view: MapView) => void;
}

/** Reports the visible bounds and zoom once the map is laid out and after every move. */
function ViewWatcher({ onViewChange }: { onViewChange: (view: MapView) => void }) {
  const map = useMapEvents({
    moveend: () => report(),
  });
  const report = () => {
    const bounds = map.getBounds();
    onViewChange({
      zoom: map.getZoom(),
      bounds: {
        north: bounds.getNorth(),
        south: bounds.getSouth(),
        east: bounds.getEast(),
        west: bounds.getWest(),
      },
    });
  };
  // Once the map is laid out; later views come from moveend.
  useEffect(() => map.whenReady(report) && undefined, [map]);
  return null;
}

const OUTLINE_STYLE = {
  color: '#6b8f80',
  weight: 1,
  fillColor: '#f4f1ea',
  fillOpacity: 1,
};

/** The offline base layer (country outlines), under the tiles when a tile server is configured. */
function CountryOutlines() {
  const [outlines, setOutlines] = useState<FeatureCollection | null>(null);
  useEffect(() => {
    let live = true;
    void loadCountryOutlines().then((data) => live && setOutlines(data));
    return () => {
      live = false;
    };
  }, []);
  return outlines ? <GeoJSON data={outlines} style={OUTLINE_STYLE} interactive={false} /> : null;
}

/** Marker diameter in pixels by count. */
const clusterSize = (count: number) => (count >= 1000 ? 56 : count >= 100 ? 48 : count >= 10 ? 40 : 34);

/** The server's clusters, those that would overlap on screen drawn as one. */
function Clusters({ clusters }: { clusters: MapCluster[] }) {
  const map = useMap();
  const zoom = map.getZoom();
  const drawn = useMemo(
    () =>
      mergeOverlapping(clusters, (centre) => map.project([centre.lat, centre.lng], zoom), clusterSize(1000)),
    [clusters, map, zoom],
  );
  return drawn.map((cluster) => <ClusterMarker key={cluster.key} cluster={cluster} />);
}

function ClusterMarker({ cluster }: { cluster: DrawnCluster }) {
  const map = useMap();
  const intl = useIntl();
  const language = useLanguage();
  const label = formatNumber(cluster.count, language);
  const size = clusterSize(cluster.count);
  const icon = useMemo(
    () =>
      divIcon({
        className: 'cu-map-cluster',
        html: `<span>${label}</span>`,
        iconSize: [size, size],
      }),
    [label, size],
  );
  const bounds: LatLngBoundsExpression = [
    [cluster.bounds.south, cluster.bounds.west],
    [cluster.bounds.north, cluster.bounds.east],
  ];
  return (
    <Marker
      position={[cluster.centre.lat, cluster.centre.lng]}
      icon={icon}
      title={intl.formatMessage({ id: 'customer.map.cluster' }, { count: cluster.count })}
      alt={intl.formatMessage({ id: 'customer.map.cluster' }, { count: cluster.count })}
      eventHandlers={{
        click: () => map.flyToBounds(bounds, { maxZoom: MAP_PIN_ZOOM, duration: 0.4 }),
      }}
    />
  );
}

function PinMarker({
  pin,
  active,
  onActivate,
}: {
  pin: MapPin;
  active: boolean;
  onActivate: (id: string) => void;
}) {
  const intl = useIntl();
  const language = useLanguage();
  const price = intl.formatNumber(pin.displayPrice.amount, { notation: 'compact', maximumFractionDigits: 1 });
  const icon = useMemo(
    () =>
      divIcon({
        className: `cu-map-pin${active ? ' is-active' : ''}${pin.exactLocation ? '' : ' is-approximate'}`,
        html: `<span dir="ltr">${price}</span>`,
        iconSize: undefined,
      }),
    [active, price, pin.exactLocation],
  );
  return (
    <Marker
      position={[pin.latitude, pin.longitude]}
      icon={icon}
      zIndexOffset={active ? 1000 : 0}
      title={pin.title[language]}
      alt={pin.title[language]}
      eventHandlers={{ click: () => onActivate(pin.id) }}
    >
      <Popup>
        <div className="cu-map-popup" dir={language === 'ar' ? 'rtl' : 'ltr'} lang={language}>
          <Price amount={pin.displayPrice.amount} currency={pin.currency} />
          <Link to={`/property/${pin.slug}`} className="cu-map-popup__title">
            {pin.title[language]}
          </Link>
          {pin.exactLocation ? null : (
            <p className="cu-map-popup__note">{intl.formatMessage({ id: 'customer.map.noExactLocation' })}</p>
          )}
        </div>
      </Popup>
    </Marker>
  );
}

/**
 * The Leaflet map of /map-search. It is a picture of the world, so it never mirrors: it sits
 * in a `dir="ltr"` box whatever the page's direction (Leaflet's controls and panes assume it).
 */
export function MapCanvas({ site, clusters, pins, activeId, onActivate, onViewChange }: MapCanvasProps) {
  const intl = useIntl();
  const config = useQuery(mapConfigQuery());
  const view = useMemo(() => siteMapView(site), [site]);
  return (
    <div className="cu-map__canvas" dir="ltr" data-testid="map-canvas">
      <MapContainer
        bounds={view.bounds}
        maxBounds={view.maxBounds}
        minZoom={4}
        maxZoom={18}
        className="cu-map__leaflet"
        attributionControl
        aria-label={intl.formatMessage({ id: 'customer.map.label' })}
      >
        <CountryOutlines />
        {config.data?.tileUrl ? (
          <TileLayer url={config.data.tileUrl} attribution={config.data.attribution} />
        ) : null}
        <ViewWatcher onViewChange={onViewChange} />
        {clusters ? <Clusters clusters={clusters} /> : null}
        {pins?.map((pin) => (
          <PinMarker key={pin.id} pin={pin} active={pin.id === activeId} onActivate={onActivate} />
        ))}
      </MapContainer>
    </div>
  );
}
