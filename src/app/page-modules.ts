// What index.html and main.tsx share about the pages that ship in their own chunk: the build
// writes each such path's files (routes-table.ts) into index.html (build/page-preloads.ts), so a
// page opened directly, from a shared ride link or the home screen's guide, fetches its code
// alongside the shell's instead of after it.

// The id of the JSON block in the built index.html: [[path pattern, [file URL, ...]], ...].
export const PAGE_PRELOADS_ID = 'page-preloads';

// Whether index.html's inline script found this page in the build's list and started fetching
// its code (it marks those links data-page). Any other path (Home, which ships with the shell)
// renders at once, without first matching the router's routes, which would add its cost to the
// task that runs the shell's code. False in development (no list).
export function pageCodeRequested(): boolean {
  return document.querySelector('link[data-page]') !== null;
}
