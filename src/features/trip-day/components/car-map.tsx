import 'leaflet/dist/leaflet.css';

import { Trans, useLingui } from '@lingui/react/macro';
import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';

import { LEAFLET_LINK, markerIconOptions, OSM_LINK, TILE_URL } from '../../../components/map-tiles';
import { useOnline } from '../../../lib/use-online';

export interface CarMapProps {
  latitude: number;
  longitude: number;
  // Metres: drawn as a circle around the marker, so a rough fix does not look exact.
  accuracy: number;
}

const ZOOM = 15;

// Issue 40 §2: the car on a small map of the Today card. Its own chunk (Leaflet with it), loaded
// only when there is a position to show. Offline, or with the tile server out of reach, it
// says so in one line: the card's words (the time, the last step) still tell where the car is.
export default function CarMap({ latitude, longitude, accuracy }: CarMapProps) {
  const { t } = useLingui();
  const online = useOnline();
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  // One failed tile on a flaky line is not an outage; failing before any tile loaded is.
  const anyTileLoaded = useRef(false);
  const zoomIn = t`Zoom in`;
  const zoomOut = t`Zoom out`;
  const attribution = t`&copy; ${OSM_LINK} contributors`;

  useEffect(() => {
    if (!element) return;
    const created = L.map(element, {
      center: { lat: latitude, lng: longitude },
      zoom: ZOOM,
      scrollWheelZoom: false,
      zoomControl: false,
      attributionControl: false,
    });
    L.control.zoom({ zoomInTitle: zoomIn, zoomOutTitle: zoomOut }).addTo(created);
    L.control.attribution({ prefix: LEAFLET_LINK }).addTo(created);
    L.tileLayer(TILE_URL, { attribution })
      .on('tileload', () => {
        anyTileLoaded.current = true;
      })
      .on('tileerror', () => {
        if (!anyTileLoaded.current) setTilesFailed(true);
      })
      .addTo(created);
    setMap(created);
    return () => {
      created.remove();
      setMap(null);
    };
    // The map is made once per element and texts; the position moves the marker below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [element, zoomIn, zoomOut, attribution]);

  useEffect(() => {
    if (!map) return;
    const at = { lat: latitude, lng: longitude };
    const pin = L.marker(at, { icon: markerIconOptions, alt: t`The car` }).addTo(map);
    const circle = L.circle(at, { radius: accuracy, weight: 1, fillOpacity: 0.1 }).addTo(map);
    map.panTo(at);
    return () => {
      pin.remove();
      circle.remove();
    };
  }, [map, latitude, longitude, accuracy, t]);

  if (!online || tilesFailed) {
    return (
      <p className="text-sm opacity-80" data-testid="car-map-unavailable">
        <Trans>Map unavailable: no connection to the map service.</Trans>
      </p>
    );
  }
  return (
    <div className="h-48 overflow-hidden rounded-box border border-base-300" data-testid="car-map">
      <div ref={setElement} className="h-full w-full" />
    </div>
  );
}
