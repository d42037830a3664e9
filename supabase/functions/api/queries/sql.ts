// SQL fragments shared by the read queries.

// Exactly JavaScript's Date#toISOString, whatever the connection's TimeZone.
export function isoTimestamp(column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
