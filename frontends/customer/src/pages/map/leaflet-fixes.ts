import { Map as LeafletMap } from 'leaflet';

interface MapInternals {
  _mapPane?: HTMLElement;
  _animatingZoom?: boolean;
  _onZoomTransitionEnd(): void;
}

let patched = false;

/**
 * Leaflet 1.9.4 ends a zoom animation 250 ms after it starts even when the map was removed in
 * between (a visitor clicks a cluster, whose zoom animates, then leaves /map-search at once):
 * `_onZoomTransitionEnd` then reads the removed map pane and throws "Cannot read properties of
 * undefined (reading '_leaflet_pos')" (Leaflet issue #9575). A removed map has no pane: its
 * animation simply ends. Called once, before the first map is made.
 */
export function endZoomOfRemovedMaps(): void {
  if (patched) return;
  patched = true;
  const proto = LeafletMap.prototype as unknown as MapInternals;
  const finish = proto._onZoomTransitionEnd;
  proto._onZoomTransitionEnd = function (this: MapInternals) {
    if (!this._mapPane) {
      this._animatingZoom = false;
      return;
    }
    finish.call(this);
  };
}
