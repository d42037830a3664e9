// The ids of the JSON blocks a shared link's page carries for the PWA to paint from at once
// (ADR 0020): api/shared-links/ride-link.ts writes them, the PWA reads them.
export const EMBEDDED_RIDE_ELEMENT_ID = 'ride-data';
