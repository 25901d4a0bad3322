import { describe, expect, it } from '@jest/globals';
import { Map as LeafletMap } from 'leaflet';
import { endZoomOfRemovedMaps } from './leaflet-fixes.js';

type Internals = { _onZoomTransitionEnd(): void };

/** A real Leaflet map in the test's DOM, left as `_animateZoom` leaves it for its 250 ms timer. */
function mapMidZoom() {
  const container = document.createElement('div');
  document.body.append(container);
  const map = new LeafletMap(container, { center: [25.2, 55.27], zoom: 10 });
  // jsdom has no CSS transitions to start one: the state the animation sets.
  Object.assign(map, { _animatingZoom: true, _animateToCenter: map.getCenter(), _animateToZoom: 12 });
  const end = () => (map as unknown as Internals)._onZoomTransitionEnd();
  const remove = () => {
    map.remove();
    container.remove();
  };
  return { map, end, remove };
}

/** The same map removed while its zoom animation still runs: what ending it then does. */
function removedMidZoom(): () => void {
  const { end, remove } = mapMidZoom();
  remove();
  return end;
}

describe('Leaflet: a map removed during a zoom animation', () => {
  it('throws at the animation end without the fix (what the map-search journey met)', () => {
    expect(removedMidZoom()).toThrow(/_leaflet_pos/);
  });

  it('ends the animation quietly with it, and a live map still finishes its zoom', () => {
    endZoomOfRemovedMaps();
    expect(removedMidZoom()).not.toThrow();
    const { map, end, remove } = mapMidZoom();
    let moved = 0;
    map.on('moveend', () => (moved += 1));
    end();
    expect(map.getZoom()).toBe(12);
    expect(moved).toBe(1);
    remove();
  });
});
