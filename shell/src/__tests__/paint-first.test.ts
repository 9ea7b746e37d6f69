// The prerendered page's loader (paint-first.ts): the shell's preloaded scripts start, in their order, once the
// first screen is on screen, at once where there is nothing to wait for, and never twice.

type PaintCallback = (
  list: { getEntriesByName: (name: string) => unknown[] },
  observer: { disconnect(): void },
) => void;

let reportPaint: (name: string) => void;
let readyState: DocumentReadyState;

beforeEach(() => {
  jest.useFakeTimers();
  readyState = 'loading';
  jest.spyOn(document, 'readyState', 'get').mockImplementation(() => readyState);
  document.head.innerHTML =
    '<link rel="preload" as="script" href="/main.1111111111.js" data-start>' +
    '<link rel="preload" as="script" href="/vendor.2222222222.js" data-start>' +
    '<link rel="preload" as="fetch" href="/config.json">';
  document.body.innerHTML =
    '<div id="prerendered" inert><h1>Our Services</h1></div><div id="root" hidden></div>';
  // jsdom reports no paints: a stand-in observer that the test tells when the browser would have painted.
  const observers: { callback: PaintCallback; disconnected: boolean }[] = [];
  reportPaint = (name) => {
    for (const observer of observers.filter((o) => !o.disconnected)) {
      observer.callback(
        { getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) },
        { disconnect: () => (observer.disconnected = true) },
      );
    }
  };
  class PaintObserver {
    static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
    private readonly entry: { callback: PaintCallback; disconnected: boolean };
    constructor(callback: PaintCallback) {
      this.entry = { callback, disconnected: false };
    }
    observe() {
      observers.push(this.entry);
    }
  }
  Object.defineProperty(window, 'PerformanceObserver', { value: PaintObserver, configurable: true });
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const runLoader = () => jest.isolateModules(() => jest.requireActual('../app/paint-first'));
const started = () =>
  [...document.head.querySelectorAll('script')].map((script) => new URL(script.src).pathname);

function finishLoading() {
  readyState = 'complete';
  window.dispatchEvent(new Event('load'));
}

it('starts the scripts in their order once the page has painted and loaded, a frame later', () => {
  runLoader();
  reportPaint('first-paint');
  finishLoading();
  jest.advanceTimersByTime(100);
  expect(started()).toEqual([]);

  reportPaint('first-contentful-paint');
  expect(started()).toEqual([]);
  jest.advanceTimersByTime(100);
  expect(started()).toEqual(['/main.1111111111.js', '/vendor.2222222222.js']);
  // In order: inserted scripts that keep their order, not "whichever arrives first".
  expect([...document.head.querySelectorAll('script')].every((script) => !script.async)).toBe(true);
});

it('waits for the first screen’s pictures after the paint', () => {
  runLoader();
  reportPaint('first-contentful-paint');
  jest.advanceTimersByTime(500);
  expect(started()).toEqual([]);

  finishLoading();
  jest.advanceTimersByTime(100);
  expect(started()).toHaveLength(2);
});

it('starts them after 1.5 s when the first screen is not ready by then, and only once', () => {
  runLoader();
  jest.advanceTimersByTime(1499);
  expect(started()).toEqual([]);
  jest.advanceTimersByTime(1);
  expect(started()).toHaveLength(2);

  reportPaint('first-contentful-paint');
  finishLoading();
  jest.advanceTimersByTime(1000);
  expect(started()).toHaveLength(2);
});

it('starts them at once on a page without a snapshot, which paints nothing before the app', () => {
  document.getElementById('prerendered')!.remove();
  runLoader();
  expect(started()).toEqual(['/main.1111111111.js', '/vendor.2222222222.js']);
});

it('starts them at once in a hidden tab, which paints nothing until it is shown', () => {
  jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
  runLoader();
  expect(started()).toHaveLength(2);
});

it('starts them at once in a browser that does not report paints', () => {
  Object.defineProperty(window, 'PerformanceObserver', { value: undefined, configurable: true });
  runLoader();
  expect(started()).toHaveLength(2);
});

it('starts them at once in a browser whose observer does not list what it reports', () => {
  class OlderObserver {
    observe() {}
  }
  Object.defineProperty(window, 'PerformanceObserver', { value: OlderObserver, configurable: true });
  runLoader();
  expect(started()).toHaveLength(2);
});
