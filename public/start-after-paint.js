// A shared link's page (ADR 0031): the host painted the linked thing into #root and moved the
// shell's module script, its preloads and the page's own preloads here, so the first frame shows
// that snapshot before a byte of the app's code is fetched or run. A phone on a slow link reads
// the ride at once; the app starts one frame later and replaces the snapshot. A hidden tab draws
// no frames, so it starts at once.
(() => {
  const loader = document.currentScript;
  const preload = (href, page) => {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    if (page) link.dataset.page = '';
    link.href = href;
    document.head.append(link);
  };
  const start = () => {
    for (const href of JSON.parse(loader.dataset.preloads)) preload(href, false);
    // What index.html's inline script does on any other page (build/page-preloads.ts).
    try {
      for (const [pattern, files] of JSON.parse(document.getElementById('page-preloads').textContent)) {
        if (!new RegExp(pattern).test(location.pathname)) continue;
        for (const href of files) preload(href, true);
        break;
      }
    } catch {}
    const entry = document.createElement('script');
    entry.type = 'module';
    entry.crossOrigin = '';
    entry.src = loader.dataset.entry;
    document.head.append(entry);
  };
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(() => setTimeout(start, 0));
})();
