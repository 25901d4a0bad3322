import { useEffect } from 'react';
import { divIcon, latLngBounds, type LatLngBoundsExpression, type LatLngExpression } from 'leaflet';
import { MapContainer, Marker, Rectangle, ZoomControl, useMap, useMapEvents } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import { SITE_FACTS, type Site } from '@manzil/contracts';

export interface PinMapProps {
  site: Site;
  /** The pin, or null while none is set. */
  pin: { latitude: number; longitude: number } | null;
  onPin: (latitude: number, longitude: number) => void;
  /** The map's name, the pin's name and the zoom buttons' names, in the page's language. */
  label: string;
  texts: { pin: string; zoomIn: string; zoomOut: string };
}

/** A pin drawn by CSS (Leaflet's default marker images need URL rewriting under webpack). */
const PIN_ICON = divIcon({
  className: 'ap-map__pin',
  html: '<span></span>',
  iconSize: [28, 28],
  iconAnchor: [14, 28],
});

function ClickToPin({ onPin }: Pick<PinMapProps, 'onPin'>) {
  useMapEvents({ click: (event) => onPin(event.latlng.lat, event.latlng.lng) });
  return null;
}

/** Follows the pin when it moves from outside the map (a place chosen, coordinates typed). */
function FollowPin({ pin }: Pick<PinMapProps, 'pin'>) {
  const map = useMap();
  useEffect(() => {
    if (!pin) return;
    // A place chosen from the lists comes from afar: show its streets; a pin near the edge is brought in.
    if (map.getZoom() < 10) map.setView([pin.latitude, pin.longitude], 12);
    else if (!map.getBounds().pad(-0.2).contains([pin.latitude, pin.longitude]))
      map.panTo([pin.latitude, pin.longitude]);
  }, [map, pin?.latitude, pin?.longitude]);
  return null;
}

/**
 * The map pin of the address step (react-leaflet). No tile server is reachable here, so the
 * map draws the site's bounds (spec §9), the rectangle a pin must stay inside, and the pin; a
 * click or a drag moves it. Maps are not mirrored in Arabic: the map is ltr in both languages.
 */
/** The brand colour of the design tokens, for the SVG the map draws. */
function brandColour(): string {
  return (
    getComputedStyle(document.documentElement).getPropertyValue('--mz-color-brand').trim() || 'currentColor'
  );
}

export default function PinMap({ site, pin, onPin, label, texts }: PinMapProps) {
  const { mapBounds: box, mapCentre } = SITE_FACTS[site];
  const bounds: LatLngBoundsExpression = [
    [box.south, box.west],
    [box.north, box.east],
  ];
  const centre: LatLngExpression = pin ? [pin.latitude, pin.longitude] : [mapCentre.lat, mapCentre.lng];
  return (
    <div className="ap-map" dir="ltr" role="group" aria-label={label} data-testid="address-map">
      <MapContainer
        center={centre}
        zoom={pin ? 12 : 6}
        maxBounds={latLngBounds(bounds).pad(0.5)}
        className="ap-map__canvas"
        attributionControl={false}
        zoomControl={false}
      >
        <ZoomControl position="topleft" zoomInTitle={texts.zoomIn} zoomOutTitle={texts.zoomOut} />
        <Rectangle bounds={bounds} pathOptions={{ color: brandColour(), weight: 2, fillOpacity: 0.08 }} />
        {pin ? (
          <Marker
            position={[pin.latitude, pin.longitude]}
            icon={PIN_ICON}
            title={texts.pin}
            draggable
            eventHandlers={{
              dragend: (event) => {
                const at = (event.target as { getLatLng: () => { lat: number; lng: number } }).getLatLng();
                onPin(at.lat, at.lng);
              },
            }}
          />
        ) : null}
        <ClickToPin onPin={onPin} />
        <FollowPin pin={pin} />
      </MapContainer>
    </div>
  );
}
