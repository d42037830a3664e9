// The public geocoder (Nominatim's API shape): free-text search and reverse lookup.
// Optional at run time: every failure is only logged and the text field still works.
export const GEOCODER_URL = 'https://nominatim.openstreetmap.org';

export interface MapLocation {
  id: string;
  position: { lat: number; lng: number };
  name: string;
}

interface GeocoderResult {
  place_id?: number | string;
  lat?: string | number;
  lon?: string | number;
  display_name?: string;
}

export function toMapLocations(results: unknown): MapLocation[] {
  if (!Array.isArray(results)) return [];
  return results.flatMap((result: GeocoderResult) => {
    const lat = Number(result.lat);
    const lng = Number(result.lon);
    if (!Number.isFinite(lat) || !Number.isFinite(lng) || !result.display_name) return [];
    return [{ id: String(result.place_id ?? `${lat},${lng}`), position: { lat, lng }, name: result.display_name }];
  });
}

export function coordinatesLabel(lat: number, lng: number): string {
  return `${lat.toFixed(5)}, ${lng.toFixed(5)}`;
}

export async function searchPlaces(query: string, signal?: AbortSignal): Promise<MapLocation[]> {
  const url = `${GEOCODER_URL}/search?format=json&q=${encodeURIComponent(query)}&countrycodes=sg,my&limit=5`;
  const response = await fetch(url, { signal, headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`Geocoder answered ${response.status}`);
  return toMapLocations(await response.json());
}

// A clicked point becomes a place name when the geocoder knows it, its coordinates otherwise.
export async function describePoint(lat: number, lng: number): Promise<string> {
  try {
    const response = await fetch(`${GEOCODER_URL}/reverse?format=json&lat=${lat}&lon=${lng}`, {
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`Geocoder answered ${response.status}`);
    const result = (await response.json()) as GeocoderResult;
    return result.display_name || coordinatesLabel(lat, lng);
  } catch (error) {
    console.warn('Reverse geocoding failed', error);
    return coordinatesLabel(lat, lng);
  }
}
