import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { recordRequests } from '../testing/requests';
import { server } from '../testing/server';
import { coordinatesLabel, describePoint, GEOCODER_URL, searchPlaces, toMapLocations } from './geocoder';

// The geocoder is the outside world: MSW answers it, and each test says what it answers.
function answer(body: unknown, status = 200) {
  return HttpResponse.json(body as object, { status });
}

// The geocoder's answer to one call; what was asked is recorded.
function geocoderAnswers(resolver: () => Response | Promise<Response | void>) {
  server.use(http.get(`${GEOCODER_URL}/*`, resolver));
  return recordRequests();
}

describe('toMapLocations', () => {
  it('maps lat, lon, display_name and place_id to a map location', () => {
    expect(
      toMapLocations([
        { place_id: 101, lat: '1.3536', lon: '103.9454', display_name: 'Tampines MRT Station, Singapore' },
      ]),
    ).toEqual([{ id: '101', position: { lat: 1.3536, lng: 103.9454 }, name: 'Tampines MRT Station, Singapore' }]);
  });

  it('accepts numeric coordinates and falls back to them for the id', () => {
    expect(toMapLocations([{ lat: 1.3, lon: 103.8, display_name: 'Somewhere' }])).toEqual([
      { id: '1.3,103.8', position: { lat: 1.3, lng: 103.8 }, name: 'Somewhere' },
    ]);
  });

  it('drops entries without usable coordinates or a name, and keeps the rest in order', () => {
    const results = [
      { place_id: 1, lat: 'north', lon: '103.9', display_name: 'Bad latitude' },
      { place_id: 2, lat: '1.35', display_name: 'No longitude' },
      { place_id: 3, lat: '1.35', lon: '103.9', display_name: '' },
      { place_id: 4, lat: '1.35', lon: '103.9' },
      { place_id: 5, lat: 'Infinity', lon: '103.9', display_name: 'Infinite' },
      { place_id: 6, lat: '1.3644', lon: '103.9915', display_name: 'Changi Airport' },
      { place_id: 7, lat: '1.3024', lon: '103.9024', display_name: 'Parkway Parade' },
    ];
    expect(toMapLocations(results).map((location) => location.id)).toEqual(['6', '7']);
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['an object', { place_id: 1, lat: '1', lon: '103', display_name: 'x' }],
    ['an error body', { error: 'Unable to geocode' }],
    ['text', 'Tampines'],
  ])('returns no locations for %s', (_label, results) => {
    expect(toMapLocations(results)).toEqual([]);
  });
});

describe('coordinatesLabel', () => {
  it('writes both coordinates with five decimals', () => {
    expect(coordinatesLabel(1.3536, 103.9454)).toBe('1.35360, 103.94540');
    expect(coordinatesLabel(1.234567891, -0.000004)).toBe('1.23457, -0.00000');
  });
});

describe('searchPlaces', () => {
  it('asks the geocoder for JSON with the query encoded, and maps what it answers', async () => {
    const sent = geocoderAnswers(() =>
      answer([{ place_id: 101, lat: '1.3536', lon: '103.9454', display_name: 'Tampines MRT Station, Singapore' }]),
    );
    const places = await searchPlaces('Tampines & Bedok #1');
    expect(sent).toHaveLength(1);
    const url = sent[0]!.url;
    expect(`${url.origin}${url.pathname}`).toBe(`${GEOCODER_URL}/search`);
    expect(url.searchParams.get('format')).toBe('json');
    expect(url.searchParams.get('q')).toBe('Tampines & Bedok #1');
    expect(places).toEqual([
      { id: '101', position: { lat: 1.3536, lng: 103.9454 }, name: 'Tampines MRT Station, Singapore' },
    ]);
  });

  it('passes the abort signal on, so a newer search can cancel it', async () => {
    const sent = geocoderAnswers(() => delay('infinite'));
    const controller = new AbortController();
    const search = searchPlaces('Bedok', controller.signal);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    controller.abort();
    await expect(search).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('rejects when the geocoder answers with an error status', async () => {
    geocoderAnswers(() => answer({ error: 'Too many requests' }, 429));
    await expect(searchPlaces('Bedok')).rejects.toThrow('Geocoder answered 429');
  });

  it('rejects when the network fails', async () => {
    geocoderAnswers(() => HttpResponse.error());
    await expect(searchPlaces('Bedok')).rejects.toThrow('Failed to fetch');
  });
});

describe('describePoint', () => {
  let warn: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    // Failures are logged by design; the log would only clutter the test output.
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => warn.mockRestore());

  it('asks the geocoder for JSON about the point and uses the place name', async () => {
    const sent = geocoderAnswers(() => answer({ place_id: 7, display_name: 'Bedok Mall, Singapore' }));
    expect(await describePoint(1.3249, 103.9295)).toBe('Bedok Mall, Singapore');
    const url = sent[0]!.url;
    expect(`${url.origin}${url.pathname}`).toBe(`${GEOCODER_URL}/reverse`);
    expect(url.searchParams.get('format')).toBe('json');
    expect(url.searchParams.get('lat')).toBe('1.3249');
    expect(url.searchParams.get('lon')).toBe('103.9295');
    expect(warn).not.toHaveBeenCalled();
  });

  it('falls back to the coordinates when the network fails', async () => {
    geocoderAnswers(() => HttpResponse.error());
    expect(await describePoint(1.3249, 103.9295)).toBe('1.32490, 103.92950');
    expect(warn).toHaveBeenCalled();
  });

  it('falls back to the coordinates when the geocoder answers with an error status', async () => {
    geocoderAnswers(() => answer({ error: 'Service unavailable' }, 503));
    expect(await describePoint(1.3249, 103.9295)).toBe('1.32490, 103.92950');
  });

  it('falls back to the coordinates when the geocoder does not know the point', async () => {
    geocoderAnswers(() => answer({ error: 'Unable to geocode' }));
    expect(await describePoint(1.2, 104.1)).toBe('1.20000, 104.10000');
  });

  it('falls back to the coordinates when the answer is not JSON', async () => {
    geocoderAnswers(() => new HttpResponse('<html>busy</html>', { status: 200 }));
    expect(await describePoint(1.2, 104.1)).toBe('1.20000, 104.10000');
  });
});
