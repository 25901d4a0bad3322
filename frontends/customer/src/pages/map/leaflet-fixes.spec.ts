import { describe, expect, it } from '@jest/globals';
import { Map as LeafletMap } from 'leaflet';
import { endZoomOfRemovedMaps } from './leaflet-fixes.js';

/** A real Leaflet map in the test's DOM, removed while its zoom animation is still running. */
function removedMidZoom(): () => void {
  const container = document.createElement('div');
  document.body.append(container);
  const map = new LeafletMap(container, { center: [25.2, 55.27], zoom: 10 });
  // What `_animateZoom` leaves for its 250 ms timer (jsdom has no CSS transitions to start one).
  Object.assign(map, { _animatingZoom: true, _animateToCenter: map.getCenter(), _animateToZoom: 12 });
  map.remove();
  container.remove();
  return () => (map as unknown as { _onZoomTransitionEnd(): void })._onZoomTransitionEnd();
}

describe('Leaflet: a map removed during a zoom animation', () => {
  it('throws at the animation end without the fix (what the map-search journey met)', () => {
    expect(removedMidZoom()).toThrow(/_leaflet_pos/);
  });

  it('ends the animation quietly with it, and a live map still finishes its zoom', () => {
    endZoomOfRemovedMaps();
    expect(removedMidZoom()).not.toThrow();
    const container = document.createElement('div');
    document.body.append(container);
    const map = new LeafletMap(container, { center: [25.2, 55.27], zoom: 10 });
    let moved = 0;
    map.on('moveend', () => (moved += 1));
    Object.assign(map, { _animatingZoom: true, _animateToCenter: map.getCenter(), _animateToZoom: 12 });
    (map as unknown as { _onZoomTransitionEnd(): void })._onZoomTransitionEnd();
    expect(map.getZoom()).toBe(12);
    expect(moved).toBe(1);
    map.remove();
    container.remove();
  });
});
