import 'leaflet/dist/leaflet.css';
import './location-map.css';

import { Trans, useLingui } from '@lingui/react/macro';
import L from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';

import { describePoint, type MapLocation, searchPlaces } from '../lib/geocoder';
import { createThrottledSearch } from '../lib/throttled-search';
import { useOnline } from '../lib/use-online';
import { LEAFLET_LINK, markerIconOptions, OSM_LINK, TILE_URL } from './map-tiles';

// SPEC §9: the centre of Singapore at zoom 12.
export const DEFAULT_CENTER = { lat: 1.3521, lng: 103.8198 };
export const DEFAULT_ZOOM = 12;

type Point = { lat: number; lng: number };

// Leaflet drawn straight into a div this component owns (react-leaflet's licence is not an OSI
// one, ADR 0022). The map is made once per set of control texts (a language change redraws it);
// the marker follows `marker`, and a tap calls the latest `onPick`.
function useLeafletMap(
  element: HTMLDivElement | null,
  texts: { zoomIn: string; zoomOut: string; attribution: string },
  onPick: (lat: number, lng: number) => void,
  onTiles: { loaded: () => void; failed: () => void },
  marker: Point | null,
) {
  const [map, setMap] = useState<L.Map | null>(null);
  const latest = useRef({ onPick, onTiles });
  useEffect(() => {
    latest.current = { onPick, onTiles };
  });

  useEffect(() => {
    if (!element) return;
    const created = L.map(element, {
      center: DEFAULT_CENTER,
      zoom: DEFAULT_ZOOM,
      scrollWheelZoom: false,
      zoomControl: false,
      attributionControl: false,
    });
    L.control.zoom({ zoomInTitle: texts.zoomIn, zoomOutTitle: texts.zoomOut }).addTo(created);
    L.control.attribution({ prefix: LEAFLET_LINK }).addTo(created);
    L.tileLayer(TILE_URL, { attribution: texts.attribution })
      .on('tileload', () => latest.current.onTiles.loaded())
      .on('tileerror', () => latest.current.onTiles.failed())
      .addTo(created);
    created.on('click', (event: L.LeafletMouseEvent) => latest.current.onPick(event.latlng.lat, event.latlng.lng));
    setMap(created);
    return () => {
      created.remove();
      setMap(null);
    };
  }, [element, texts.zoomIn, texts.zoomOut, texts.attribution]);

  useEffect(() => {
    if (!map || !marker) return;
    const pin = L.marker(marker, { icon: markerIconOptions }).addTo(map);
    map.setView(marker, Math.max(map.getZoom(), 15));
    return () => void pin.remove();
  }, [map, marker]);
}

export default function LocationMap({ onSelect }: { onSelect: (name: string) => void }) {
  const { t } = useLingui();
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<MapLocation[]>([]);
  const [marker, setMarker] = useState<Point | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  // One failed tile on a flaky line is not an outage; failing before any tile loaded is.
  const anyTileLoaded = useRef(false);
  const online = useOnline();

  const search = useMemo(
    () =>
      createThrottledSearch(
        (text) => searchPlaces(text),
        (found) => setResults(found),
        (error) => console.warn('Location search failed', error),
      ),
    [],
  );
  useEffect(() => () => search.cancel(), [search]);

  const pickResult = (location: MapLocation) => {
    setMarker(location.position);
    setResults([]);
    onSelect(location.name);
  };

  const pickPoint = async (lat: number, lng: number) => {
    setMarker({ lat, lng });
    onSelect(await describePoint(lat, lng));
  };

  // A state, not a ref: the div comes and goes with the offline notice, and the map with it.
  const [mapElement, setMapElement] = useState<HTMLDivElement | null>(null);
  useLeafletMap(
    mapElement,
    { zoomIn: t`Zoom in`, zoomOut: t`Zoom out`, attribution: t`&copy; ${OSM_LINK} contributors` },
    (lat, lng) => void pickPoint(lat, lng),
    {
      loaded: () => {
        anyTileLoaded.current = true;
      },
      failed: () => {
        if (!anyTileLoaded.current) setTilesFailed(true);
      },
    },
    marker,
  );

  if (!online || tilesFailed) {
    return (
      <div role="status" className="alert alert-warning">
        <p>
          <Trans>
            Map unavailable: no connection to the map service. Type your location in the field above; joining still
            works.
          </Trans>
        </p>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor="map-search" className="font-medium">
        <Trans>Search the map</Trans>
      </label>
      <input
        id="map-search"
        type="search"
        className="input w-full"
        placeholder={t`e.g., Tampines MRT`}
        value={query}
        autoComplete="off"
        onChange={(event) => {
          setQuery(event.target.value);
          search.request(event.target.value);
        }}
        // The search box sits inside the join form: Enter searches, it does not join.
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
      />
      {results.length > 0 ? (
        <ul className="menu w-full rounded-box border border-base-300 bg-base-100" aria-label={t`Search results`}>
          {results.map((result) => (
            <li key={result.id}>
              <button type="button" className="min-h-11 text-left" translate="no" onClick={() => pickResult(result)}>
                {result.name}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="text-sm" id="map-help">
        <Trans>Or tap the map to choose the spot.</Trans>
      </p>
      <div className="h-72 overflow-hidden rounded-box border border-base-300" aria-describedby="map-help">
        {/* Leaflet's own controls speak English: they are drawn here with the member's words. */}
        <div ref={setMapElement} className="h-full w-full" />
      </div>
    </div>
  );
}
