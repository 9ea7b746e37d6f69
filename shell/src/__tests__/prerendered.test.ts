import {
  dropServerTitle,
  dropSnapshotMetadata,
  keepSnapshotStylesLast,
  revealLiveApp,
} from '../app/prerendered';

describe('revealLiveApp', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  it('replaces the build-time snapshot and its styles with the live app', () => {
    document.head.innerHTML = '<style data-prerendered>h1{color:red}</style><style>h1{margin:0}</style>';
    document.body.innerHTML =
      '<div id="prerendered" inert><h1>Snapshot</h1></div><div id="root" hidden><h1>Live</h1></div>';

    revealLiveApp();

    expect(document.getElementById('prerendered')).toBeNull();
    expect(document.querySelectorAll('style')).toHaveLength(1);
    expect(document.getElementById('root')).toBeVisible();
    expect(document.querySelectorAll('h1')).toHaveLength(1);
  });

  it('leaves a page served without a snapshot as it is', () => {
    document.body.innerHTML = '<div id="root"><h1>Live</h1></div>';
    revealLiveApp();
    expect(document.getElementById('root')).toBeVisible();
  });
});

describe('keepSnapshotStylesLast', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  it("puts the snapshot's styles after every stylesheet the live app adds to <head>, and they leave with it", () => {
    document.head.innerHTML = '<style data-prerendered>.hero{padding-bottom:2rem}</style>';
    document.body.innerHTML =
      '<div id="prerendered" inert><section class="hero"></section></div><div id="root" hidden></div>';

    keepSnapshotStylesLast();
    // What styled-components does as the live app renders: its rules go to the end of <head>.
    document.head.insertAdjacentHTML('beforeend', '<style data-styled>.hero{padding:4rem 0}</style>');

    const styles = [...document.querySelectorAll('style')];
    expect(styles.map((style) => style.hasAttribute('data-prerendered'))).toEqual([false, true]);
    revealLiveApp();
    expect(document.querySelectorAll('style[data-prerendered]')).toHaveLength(0);
    expect(document.querySelectorAll('style[data-styled]')).toHaveLength(1);
  });

  it('leaves a page served without a snapshot as it is', () => {
    document.head.innerHTML = '<style data-styled>h1{margin:0}</style>';
    document.body.innerHTML = '<div id="root"></div>';
    keepSnapshotStylesLast();
    expect(document.head.querySelectorAll('style')).toHaveLength(1);
  });
});

describe('dropSnapshotMetadata', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it("takes out the snapshot's metadata and keeps the title and the page's own head", () => {
    document.head.innerHTML =
      '<title>About | AI Made Simple</title><meta name="viewport" content="width=device-width">' +
      '<link rel="icon" href="/favicon.svg"><style data-prerendered>h1{color:red}</style>' +
      '<meta name="description" content="Who we are" data-prerendered>' +
      '<link rel="canonical" href="https://shop.example.com/about" data-prerendered>' +
      '<meta property="og:title" content="About" data-prerendered>';

    dropSnapshotMetadata();

    expect(document.title).toBe('About | AI Made Simple');
    expect(document.head.querySelectorAll('[data-prerendered]')).toHaveLength(1); // the styles, until reveal
    expect(document.querySelector('meta[name="viewport"]')).not.toBeNull();
    expect(document.querySelector('link[rel="icon"]')).not.toBeNull();
    expect(document.querySelector('meta[name="description"], link[rel="canonical"]')).toBeNull();
  });
});

describe('dropServerTitle', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it("leaves the live page's title, which React put first, and drops the HTML's", () => {
    document.head.innerHTML =
      '<title>Cases | AI Made Simple</title><meta charset="utf-8"><title>AI Made Simple</title>';
    dropServerTitle();
    expect(document.querySelectorAll('title')).toHaveLength(1);
    expect(document.title).toBe('Cases | AI Made Simple');
  });

  it('keeps the only title of a page that rendered none of its own', () => {
    document.head.innerHTML = '<title>AI Made Simple</title>';
    dropServerTitle();
    expect(document.title).toBe('AI Made Simple');
  });
});
