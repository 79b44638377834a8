// The console: a client of the admin API (/admin/api), rendered in the browser. Each screen has its own path
// under /admin (the service answers all of them with this page), so a reload or a shared link opens the same
// screen, and back / forward move between screens.
import {h, replace} from './dom.js';
import {t, language, setLanguage, LANGUAGES} from './i18n.js';
import {api, ApiError} from './api.js';
import {overview, metrics} from './views/overview.js';
import {groups} from './views/groups.js';
import {group} from './views/group.js';
import {logs} from './views/logs.js';
import {deliveries} from './views/deliveries.js';
import {audit} from './views/audit.js';
import {tokens} from './views/tokens.js';
import {tester} from './views/tester.js';
import {targets} from './views/targets.js';

const SCREENS = [
  [/^\/admin\/?$/, overview, 'overview'],
  [/^\/admin\/overview$/, overview, 'overview'],
  [/^\/admin\/metrics$/, metrics, 'metrics'],
  [/^\/admin\/groups$/, groups, 'groups'],
  [/^\/admin\/groups\/([^/]+)$/, group, 'groups'],
  [/^\/admin\/logs$/, logs, 'logs'],
  [/^\/admin\/deliveries$/, deliveries, 'deliveries'],
  [/^\/admin\/deliveries\/([^/]+)$/, deliveries, 'deliveries'],
  [/^\/admin\/targets$/, targets, 'targets'],
  [/^\/admin\/audit$/, audit, 'audit'],
  [/^\/admin\/tokens$/, tokens, 'tokens'],
  [/^\/admin\/tester$/, tester, 'tester'],
];

const NAV = ['overview', 'groups', 'logs', 'deliveries', 'targets', 'audit', 'metrics', 'tester', 'tokens'];

let me = null;
/** True until the first screen is drawn with the answer start() got. */
let fresh = true;

export function navigate(path) {
  history.pushState(null, '', path);
  render();
}

async function render() {
  const main = document.getElementById('main');
  const match = SCREENS.map(([re, view, nav]) => [location.pathname.match(re), view, nav]).find(([m]) => m);
  if (!match) {
    navigate('/admin/overview');
    return;
  }
  const [m, view, nav] = match;
  document.querySelectorAll('nav a[data-nav]').forEach(a => {
    if (a.dataset.nav === nav) a.setAttribute('aria-current', 'page'); else a.removeAttribute('aria-current');
  });
  replace(main, h('p', {class: 'loading'}, t('common.loading')));
  if (fresh) {
    fresh = false; // start() has just asked
  } else {
    try {
      // roles and groups change while the console is open (a new group, an accepted invite): asked per screen
      me = await api.get('/admin/api/me');
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) return;
    }
  }
  const ctx = {me, params: m.slice(1).map(decodeURIComponent), query: new URLSearchParams(location.search), navigate, refresh: render};
  try {
    const content = await view(ctx);
    replace(main, flash(ctx.query), content);
    document.title = (main.querySelector('h1')?.textContent || '') + ' · ' + t('app.title');
    main.querySelector('h1')?.focus();
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return;
    replace(main, h('h1', {tabindex: '-1'}, t('common.error')),
      h('p', {class: 'error', role: 'alert'}, e.detail ? e.message + ': ' + e.detail : e.message));
  }
}

/** What the sign-in or invite flow came back with (?invite=ok, invalid, group-missing). */
function flash(query) {
  const invite = query.get('invite');
  if (!invite) return null;
  const text = t('flash.invite.' + invite);
  return h('p', {class: invite === 'ok' ? 'notice' : 'error', role: 'status'}, text.startsWith('flash.') ? invite : text);
}

function shell() {
  const lang = h('select', {id: 'lang', 'aria-label': t('nav.language'), 'data-always': '1'},
    LANGUAGES.map(([code, name]) => h('option', {value: code, selected: code === language()}, name)));
  lang.addEventListener('change', () => {
    setLanguage(lang.value);
    document.body.replaceChildren(...shell());
    render();
  });
  const signOut = h('form', {method: 'post', action: '/admin/logout', class: 'signout'},
    h('button', {type: 'submit', 'data-always': '1'}, t('nav.signout')));
  const header = h('header', {},
    h('a', {href: '/admin/overview', class: 'brand', 'data-link': '1'}, t('app.title')),
    h('nav', {'aria-label': t('nav.main')},
      h('ul', {}, NAV.map(key => h('li', {}, h('a', {href: '/admin/' + key, 'data-nav': key, 'data-link': '1'}, t('nav.' + key)))))),
    h('div', {class: 'who'}, h('span', {id: 'who'}, me.login + (me.isSuper ? ' ★' : '')), lang, signOut));
  return [header, h('main', {id: 'main', tabindex: '-1'})];
}

document.addEventListener('click', e => {
  const a = e.target.closest('a[data-link]');
  if (!a || e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
  e.preventDefault();
  navigate(a.getAttribute('href'));
});
window.addEventListener('popstate', render);

async function start() {
  document.documentElement.lang = language();
  try {
    me = await api.get('/admin/api/me');
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return;
    document.body.replaceChildren(h('main', {}, h('h1', {}, t('common.error')), h('p', {class: 'error'}, e.message)));
    return;
  }
  document.body.replaceChildren(...shell());
  render();
}

start();
