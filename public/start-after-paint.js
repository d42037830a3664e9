// A shared link's page (ADR 0031): the host painted the linked thing into #root and moved the
// shell's module script, its preloads and the page's own preloads here, so the first frame shows
// that snapshot before a byte of the app's code is fetched or run. A phone on a slow link reads
// the ride at once; the app starts once that paint is on screen and replaces the snapshot. A
// hidden tab draws no frames, so it starts at once.
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
  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    start();
  };
  // Once the browser reports the snapshot's first paint (issue 35 §7): that report comes when the
  // frame is on screen, not only drawn. On a busy phone a second could pass between the two, and
  // an app that replaced the snapshot meanwhile made its own copy of the largest text the page's
  // largest paint. Where paint timing is missing, the next frame, as before; never past 3 s.
  const observesPaint = (PerformanceObserver.supportedEntryTypes || []).includes('paint');
  if (document.visibilityState === 'hidden') startOnce();
  else if (!observesPaint) requestAnimationFrame(() => setTimeout(startOnce, 0));
  else {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      setTimeout(startOnce, 0);
    }).observe({ type: 'paint', buffered: true });
    setTimeout(startOnce, 3000);
    // A tab sent to the background draws nothing more.
    document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && startOnce());
  }
})();
