// The one script a prerendered page runs at once: scripts/prerender.mjs compiles this file into the build with a
// hashed name and has the page preload the shell's scripts (`<link rel="preload" as="script" data-start>`), so they
// download as soon as the page is read. This starts them, in their order, once the page's first screen is on
// screen (painted, its pictures loaded, and the frame after that drawn): neither the first paint nor the first
// screen's pictures wait for the scripts' evaluation and the app's start-up (docs/performance.md, "Paint first").
// A page with nothing to paint yet (no snapshot), a hidden tab (which paints nothing until shown) or a browser that
// does not report paints starts them at once, and so does a page whose first screen is not ready in 1.5 s.
// Not a module: a classic script of its own, run before any of the app's code, whose names stay in this function.

(() => {
  const PRELOADED_SCRIPTS = 'link[rel="preload"][as="script"][data-start]';
  const LONGEST_WAIT_MS = 1500;

  let started = false;

  function startScripts(): void {
    if (started) return;
    started = true;
    for (const link of document.querySelectorAll<HTMLLinkElement>(PRELOADED_SCRIPTS)) {
      const script = document.createElement('script');
      script.src = link.href;
      // Inserted scripts run as soon as each arrives unless told to keep their order.
      script.async = false;
      document.head.append(script);
    }
  }

  function startAfterFirstScreen(): void {
    let painted = false;
    let loaded = document.readyState === 'complete';
    const startAfterNextFrame = () => {
      if (!painted || !loaded) return;
      // The frame after the next one: by then the last picture's paint has been presented.
      requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(startScripts, 0)));
    };
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      painted = true;
      startAfterNextFrame();
    }).observe({ type: 'paint', buffered: true });
    if (!loaded) {
      window.addEventListener(
        'load',
        () => {
          loaded = true;
          startAfterNextFrame();
        },
        { once: true },
      );
    }
    setTimeout(startScripts, LONGEST_WAIT_MS);
  }

  const reportsPaint =
    typeof PerformanceObserver === 'function' &&
    // Older browsers have the observer without the list: a throw here would leave the page without its scripts.
    (PerformanceObserver.supportedEntryTypes ?? []).includes('paint');
  if (document.getElementById('prerendered') && document.visibilityState === 'visible' && reportsPaint) {
    startAfterFirstScreen();
  } else {
    startScripts();
  }
})();
