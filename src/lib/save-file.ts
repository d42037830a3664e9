// Hands a file the api made to the browser as a download (on an iPhone, a text/calendar one
// offers "Add to Calendar").
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
