import L from 'leaflet';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';

// What every Leaflet map of the app shares: the tiles and their credit, and the marker. Imported
// by the maps' own lazy chunks only: Leaflet never weighs on a page without a map.
export const TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const OSM_LINK = '<a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';
export const LEAFLET_LINK = '<a href="https://leafletjs.com">Leaflet</a>';

// Bundled with the app: Leaflet's default icon paths break under a bundler and a CDN is
// not reachable at the border.
export const markerIconOptions = L.icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  shadowSize: [41, 41],
});
