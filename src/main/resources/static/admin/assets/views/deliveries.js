// One delivery: every stored copy, each (route × target) with its state, tries, next try and last error, the
// send-log attempts, and replay buttons (all failed targets, or one) where the caller may replay.
import {h, table, formatTime, field, replace} from '../dom.js';
import {t} from '../i18n.js';
import {api, query} from '../api.js';
import {showError, notice} from '../ui.js';

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
    section.append(await recent(ctx));
    return section;
  }
  const status = h('div', {'aria-live': 'polite'});
  section.append(status);
  let view;
  try {
    view = await api.get('/admin/api/delivery/' + encodeURIComponent(id));
  } catch (e) {
    showError(status, e);
    return section;
  }
  const mayReplay = groupId => ctx.me.isSuper || ((ctx.me.capabilities || {})[groupId] || []).includes('replay-deliveries');
  const replay = async (body) => {
    try {
      const answer = await api.post('/admin/api/delivery/' + encodeURIComponent(id) + '/replay', body);
      const n = answer.replayed.reduce((sum, d) => sum + d.targets.length, 0);
      notice(status, t('deliveries.replayed', {n}));
      setTimeout(() => ctx.refresh(), 1500);
    } catch (e) {
      showError(status, e);
    }
  };
  for (const d of view.deliveries) {
    const ended = d.status === 'failed' || d.status === 'dead';
    const replayable = d.targets.filter(x => (x.status === 'failed' || x.status === 'dead') && mayReplay(x.groupId));
    section.append(h('article', {class: 'delivery', dataset: {key: d.key}},
      h('h2', {}, d.provider + ' ' + d.event + ' · ', h('span', {class: 'status status-' + d.status}, d.status)),
      h('dl', {class: 'facts'},
        h('dt', {}, t('deliveries.endpoint')), h('dd', {}, d.endpointGroupId ? '/webhook/' + d.endpointGroupId : '/webhook'),
        h('dt', {}, t('logs.when')), h('dd', {}, formatTime(d.receivedAt)),
        d.lastError ? [h('dt', {}, t('logs.error')), h('dd', {}, d.lastError)] : null,
        !d.payloadKept && ended ? [h('dt', {}, ''), h('dd', {}, t('deliveries.payloadGone'))] : null),
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
  section.append(h('h2', {}, t('deliveries.attemptsLog')), table([
    {label: t('logs.when'), value: r => formatTime(r.ts)},
    {label: t('logs.route'), value: r => r.routeId},
    {label: t('logs.target'), value: r => (r.platform || '') + ' ' + r.target},
    {label: t('logs.ok'), value: r => h('span', {class: r.ok ? 'ok' : 'bad'}, r.ok ? t('logs.okTrue') : t('logs.okFalse'))},
    {label: t('logs.error'), value: r => [r.errorCode, r.error].filter(Boolean).join(': ')},
  ], view.attempts, t('common.none')));
  return section;
}

const STATUSES = ['failed,dead', 'retrying,pending,processing', 'delivered'];

/** Without an id: the most recently updated deliveries of a status (failed and dead first: what a replay can send). */
async function recent(ctx) {
  const status = STATUSES.includes(ctx.query.get('status')) ? ctx.query.get('status') : 'failed,dead';
  const {deliveries: rows} = await api.get('/admin/api/deliveries' + query({status, limit: 100}));
  const select = h('select', {id: 'delivery-status'}, STATUSES.map(s => h('option', {value: s, selected: s === status}, t('deliveries.status.' + s))));
  select.addEventListener('change', () => ctx.navigate('/admin/deliveries' + query({status: select.value})));
  return h('div', {id: 'recent-deliveries'},
    h('div', {class: 'field inline'}, h('label', {for: 'delivery-status'}, t('deliveries.status')), select),
    table([
      {label: t('logs.when'), value: d => formatTime(d.updatedAt)},
      {label: t('logs.delivery'), value: d => h('a', {href: '/admin/deliveries/' + encodeURIComponent(d.deliveryId), 'data-link': '1'}, d.deliveryId)},
      {label: t('logs.event'), value: d => d.provider + ' ' + d.event},
      {label: t('deliveries.endpoint'), value: d => d.endpointGroupId ? '/webhook/' + d.endpointGroupId : '/webhook'},
      {label: t('deliveries.status'), value: d => h('span', {class: 'status status-' + d.status}, d.status)},
      {label: t('logs.error'), value: d => d.lastError || ''},
    ], rows, t('common.none')));
}
