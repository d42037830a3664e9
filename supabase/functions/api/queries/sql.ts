// SQL fragments shared by the read queries.

// Exactly JavaScript's Date#toISOString, whatever the connection's TimeZone.
export function isoTimestamp(column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

// Where the car starts. Going to Singapore it starts in Forest City, where the organiser may name
// a meeting point (issue 37 §3): kept in pickup_location, since that is what it is, and answered
// as meetingPoint, while pickupLocation stays 'Forest City' for clients that read SPEC's field.
export function rideStartJson(ride: string): string {
  return `'pickupLocation', case when ${ride}.direction = 'FC->SG' then 'Forest City' else ${ride}.pickup_location end,
    'meetingPoint', case when ${ride}.direction = 'FC->SG' then nullif(${ride}.pickup_location, 'Forest City') end`;
}
