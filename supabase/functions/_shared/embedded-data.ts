// The ids of the JSON blocks a host writes into a shared link's page for the PWA to paint from
// at once (ADR 0020): the Node host writes them (server/ride-preview.ts), the PWA reads them.
export const EMBEDDED_RIDE_ELEMENT_ID = 'ride-data';
