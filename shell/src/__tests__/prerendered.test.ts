import { revealLiveApp } from '../app/prerendered';

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
