// Deliveries. Without an id: a search (status, repository, event, group, time), in the URL so that a search is a link,
// with a bulk replay of what it found (the count is shown and confirmed first). With an id: every stored copy with the
// payload that came in, each (route × target) with its state, tries, next try and last error, the send-log attempts
// with the request each made and the platform's answer, and replay buttons where the caller may replay. While anything
// is still in flight the view redraws itself in place every few seconds.
import {h, table, formatTime, field, replace} from '../dom.js';
import {t} from '../i18n.js';
import {api, query} from '../api.js';
import {showError, notice} from '../ui.js';
import {call} from './call.js';

const REFRESH_MS = 3000;
const IN_FLIGHT = ['pending', 'retrying', 'processing'];

export async function deliveries(ctx) {
  const id = ctx.params[0] || '';
  const input = h('input', {name: 'deliveryId', value: id, required: true, size: 40});
  const form = h('form', {class: 'filters', role: 'search'}, field(t('deliveries.find'), input), h('button', {type: 'submit'}, t('deliveries.open')));
  form.addEventListener('submit', e => {
    e.preventDefault();
    ctx.navigate('/admin/deliveries/' + encodeURIComponent(input.value.trim()));
  });
  const section = h('section', {}, h('h1', {tabindex: '-1'}, t('deliveries.title') + (id ? ' ' + id : '')), form);
  if (!id) {
    section.append(await found(ctx));
    return section;
  }
  const status = h('div', {'aria-live': 'polite'});
  const body = h('div', {id: 'delivery-view'});
  section.append(status, body);
  let view;
  try {
    view = await api.get('/admin/api/delivery/' + encodeURIComponent(id));
  } catch (e) {
    showError(status, e);
    return section;
  }
  let drawn = '';
  const draw = next => {
    const signature = JSON.stringify(next);
    if (signature === drawn) return;
    drawn = signature;
    replace(body, content(ctx, id, next, replay));
  };
  // polls while something is in flight (or a replay was just asked for); stops when the view is left
  let polling = false;
  const poll = async (force = false) => {
    if (polling) return;
    polling = true;
    try {
      while (body.isConnected && (force || inFlight(view))) {
        await new Promise(resolve => setTimeout(resolve, REFRESH_MS));
        if (!body.isConnected) break;
        try {
          view = await api.get('/admin/api/delivery/' + encodeURIComponent(id));
        } catch (e) {
          showError(status, e);
          break;
        }
        force = false;
        draw(view);
      }
    } finally {
      polling = false;
    }
  };
  const replay = async replayBody => {
    try {
      const answer = await api.post('/admin/api/delivery/' + encodeURIComponent(id) + '/replay', replayBody);
      const n = answer.replayed.reduce((sum, d) => sum + d.targets.length, 0);
      notice(status, t('deliveries.replayed', {n}));
      poll(true);
    } catch (e) {
      showError(status, e);
    }
  };
  draw(view);
  poll();
  return section;
}

function inFlight(view) {
  return view.deliveries.some(d => IN_FLIGHT.includes(d.status) || d.targets.some(x => IN_FLIGHT.includes(x.status)));
}

function content(ctx, id, view, replay) {
  const mayReplay = groupId => ctx.me.isSuper || ((ctx.me.capabilities || {})[groupId] || []).includes('replay-deliveries');
  const parts = [];
  for (const d of view.deliveries) {
    const ended = d.status === 'failed' || d.status === 'dead';
    const replayable = d.targets.filter(x => (x.status === 'failed' || x.status === 'dead') && mayReplay(x.groupId));
    parts.push(h('article', {class: 'delivery', dataset: {key: d.key}},
      h('h2', {}, d.provider + ' ' + d.event + ' · ', h('span', {class: 'status status-' + d.status}, d.status)),
      h('dl', {class: 'facts'},
        h('dt', {}, t('deliveries.endpoint')), h('dd', {}, d.endpointGroupId ? '/webhook/' + d.endpointGroupId : '/webhook'),
        d.repo ? [h('dt', {}, t('deliveries.repo')), h('dd', {}, d.repo)] : null,
        h('dt', {}, t('logs.when')), h('dd', {}, formatTime(d.receivedAt)),
        d.lastError ? [h('dt', {}, t('logs.error')), h('dd', {}, d.lastError)] : null,
        !d.payloadKept && ended ? [h('dt', {}, ''), h('dd', {}, t('deliveries.payloadGone'))] : null),
      payload(d),
      table([
        {label: t('logs.group'), value: x => x.groupId || '–'},
        {label: t('logs.route'), value: x => x.routeName || x.routeId},
        {label: t('logs.target'), value: x => x.platform + ' ' + x.targetId},
        {label: t('deliveries.status'), value: x => h('span', {class: 'status status-' + x.status}, x.status)},
        {label: t('deliveries.attempts'), value: x => x.attempts},
        {label: t('deliveries.nextAttempt'), value: x => x.nextAttemptAt ? formatTime(x.nextAttemptAt) : '–'},
        {label: t('logs.error'), value: x => [x.errorCode, x.lastError].filter(Boolean).join(': ')},
        {label: '', value: x => ended && d.payloadKept && (x.status === 'failed' || x.status === 'dead') && mayReplay(x.groupId)
            ? h('button', {type: 'button', onclick: () => replay({routeId: x.routeId, target: x.targetId, groupId: x.groupId || undefined})},
              t('deliveries.replayOne'))
            : ''},
      ], d.targets, t('common.none')),
      ended && d.payloadKept && replayable.length > 0
        ? h('button', {type: 'button', class: 'primary', onclick: () => replay(undefined)}, t('deliveries.replay')) : null));
  }
  parts.push(h('h2', {}, t('deliveries.attemptsLog')), table([
    {label: t('logs.when'), value: r => formatTime(r.ts)},
    {label: t('logs.route'), value: r => r.routeId},
    {label: t('logs.target'), value: r => (r.platform || '') + ' ' + r.target},
    {label: t('logs.ok'), value: r => h('span', {class: r.ok ? 'ok' : 'bad'}, r.ok ? t('logs.okTrue') : t('logs.okFalse'))},
    {label: t('logs.error'), value: r => [r.errorCode, r.error].filter(Boolean).join(': ')},
  ], view.attempts, t('common.none')));
  const calls = view.attempts.filter(r => r.call);
  if (calls.length > 0) {
    parts.push(h('h2', {}, t('deliveries.call')),
      h('div', {class: 'calls'}, calls.map(r => call(r))));
  }
  return parts;
}

/** The payload that came in, folded: it can be long. */
function payload(d) {
  if (d.payload !== undefined) {
    return h('details', {class: 'payload'}, h('summary', {}, t('deliveries.payload')),
      h('pre', {class: 'json', tabindex: 0}, JSON.stringify(d.payload, null, 2)));
  }
  if (d.payloadBytes) return h('p', {class: 'help'}, t('deliveries.payloadTooLarge', {n: d.payloadBytes}));
  if (d.payloadUnavailable) return h('p', {class: 'help'}, t('deliveries.payloadUnavailable'));
  return null;
}

const STATUSES = ['failed,dead', 'retrying,pending,processing', 'delivered'];
const SEARCH = ['repo', 'event', 'groupId', 'since', 'until'];

/** Without an id: a search of recent deliveries (failed and dead first: what a replay can send), and its bulk replay. */
async function found(ctx) {
  const status = STATUSES.includes(ctx.query.get('status')) ? ctx.query.get('status') : 'failed,dead';
  const params = Object.fromEntries(SEARCH.map(f => [f, ctx.query.get(f) || '']));
  const asked = {status, repo: params.repo, event: params.event, groupId: params.groupId,
    since: toInstant(params.since), until: toInstant(params.until)};
  const {deliveries: rows} = await api.get('/admin/api/deliveries' + query({...asked, limit: 100}));
  const select = h('select', {id: 'delivery-status', name: 'status', 'data-field': 'status'},
    STATUSES.map(s => h('option', {value: s, selected: s === status}, t('deliveries.status.' + s))));
  const groupSelect = h('select', {name: 'groupId', 'data-field': 'groupId'}, h('option', {value: ''}, t('logs.any')),
    Object.keys(ctx.me.roles).map(g => h('option', {value: g, selected: g === params.groupId}, g)));
  const text = (name, size) => h('input', {name, value: params[name], 'data-field': name, size});
  const time = name => h('input', {name, type: 'datetime-local', value: params[name], 'data-field': name});
  const form = h('form', {class: 'filters', role: 'search', id: 'delivery-search'},
    field(t('deliveries.status'), select), field(t('deliveries.repo'), text('repo', 20)), field(t('logs.event'), text('event', 12)),
    field(t('logs.group'), groupSelect), field(t('deliveries.since'), time('since')), field(t('deliveries.until'), time('until')),
    h('button', {type: 'submit'}, t('common.filter')));
  form.addEventListener('submit', e => {
    e.preventDefault();
    const values = Object.fromEntries([...new FormData(form).entries()].filter(([, v]) => v !== ''));
    ctx.navigate('/admin/deliveries' + query(values));
  });
  const status_ = h('div', {'aria-live': 'polite'});
  const canReplay = ctx.me.isSuper || Object.values(ctx.me.capabilities || {}).some(c => c.includes('replay-deliveries'));
  const bulk = status === 'failed,dead' && rows.length > 0 && canReplay
    ? h('button', {type: 'button', id: 'bulk-replay', onclick: () => replayFound(asked, status_, ctx)}, t('deliveries.bulkReplay'))
    : null;
  return h('div', {id: 'recent-deliveries'}, form, status_, bulk,
    table([
      {label: t('logs.when'), value: d => formatTime(d.updatedAt)},
      {label: t('logs.delivery'), value: d => h('a', {href: '/admin/deliveries/' + encodeURIComponent(d.deliveryId), 'data-link': '1'}, d.deliveryId)},
      {label: t('logs.event'), value: d => d.provider + ' ' + d.event},
      {label: t('deliveries.repo'), value: d => d.repo || '–'},
      {label: t('deliveries.endpoint'), value: d => d.endpointGroupId ? '/webhook/' + d.endpointGroupId : '/webhook'},
      {label: t('deliveries.status'), value: d => h('span', {class: 'status status-' + d.status}, d.status)},
      {label: t('logs.error'), value: d => d.lastError || ''},
    ], rows, t('common.none')));
}

/** Counts what the search finds on the server, asks, then replays exactly that many (refused if it changed). */
async function replayFound(asked, box, ctx) {
  const search = Object.fromEntries(Object.entries(asked).filter(([, v]) => v !== '' && v !== undefined));
  try {
    const {count} = await api.post('/admin/api/deliveries/replay', search);
    if (count === 0 || !window.confirm(t('deliveries.bulkConfirm', {n: count}))) return;
    const answer = await api.post('/admin/api/deliveries/replay', {...search, confirm: count});
    notice(box, t('deliveries.bulkDone', {n: answer.replayed.length, skipped: answer.skipped.length}));
    setTimeout(() => { if (box.isConnected) ctx.refresh(); }, REFRESH_MS);
  } catch (e) {
    showError(box, e);
  }
}

/** A datetime-local value (local time) as an instant; empty stays empty. */
function toInstant(local) {
  if (!local) return '';
  const d = new Date(local);
  return isNaN(d.getTime()) ? '' : d.toISOString();
}
