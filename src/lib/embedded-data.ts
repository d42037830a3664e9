// Data the host put into the page it served (a shared ride link, ADR 0020): a
// <script type="application/json"> block, which no browser runs and the CSP need not allow.
// Parsed once; a missing or broken block is simply no data.
const parsed = new Map<string, unknown>();

export function embeddedData(id: string): unknown {
  if (!parsed.has(id)) {
    let value: unknown;
    try {
      const text = typeof document === 'undefined' ? null : document.getElementById(id)?.textContent;
      value = text ? JSON.parse(text) : undefined;
    } catch {
      value = undefined;
    }
    parsed.set(id, value);
  }
  return parsed.get(id);
}
