// Overview (charts of the chosen window) and Metrics (the same figures as tables), from GET /admin/api/metrics.
import {h, table, formatTime} from '../dom.js';
import {t} from '../i18n.js';
import {api, query} from '../api.js';
import {hourlyBars, horizontalBars, ring} from '../charts.js';

const WINDOWS = [6, 24, 72, 168];

function windowPicker(ctx, hours) {
  const select = h('select', {id: 'window'}, WINDOWS.map(n => h('option', {value: n, selected: n === hours}, t('overview.hours', {n}))));
  select.addEventListener('change', () => ctx.navigate(location.pathname + '?hours=' + select.value));
  return h('div', {class: 'field inline'}, h('label', {for: 'window'}, t('overview.window')), select);
}

async function load(ctx) {
  const hours = Number(ctx.query.get('hours')) || 24;
  const since = Date.now() - hours * 3600 * 1000;
  const {metrics} = await api.get('/admin/api/metrics' + query({since, groupId: ctx.query.get('groupId')}));
  return {hours, metrics};
}

/** Every hour of the window, the empty ones too. */
function hourly(metrics) {
  const byStart = new Map((metrics.byHour || []).map(b => [b.start, b]));
  const buckets = [];
  const first = metrics.since - (metrics.since % 3600000);
  for (let start = first; start < metrics.until; start += 3600000) {
    const b = byStart.get(start);
    buckets.push({start, ok: b ? b.ok : 0, failed: b ? b.failed : 0});
  }
  return buckets;
}

export async function overview(ctx) {
  const {hours, metrics} = await load(ctx);
  const rate = metrics.total === 0 ? 1 : metrics.ok / metrics.total;
  const errors = (metrics.byErrorCode || []).map(e => ({label: e.errorCode, value: e.count}));
  const queue = metrics.queue || {};
  return h('section', {},
    h('h1', {tabindex: '-1'}, t('overview.title')),
    windowPicker(ctx, hours),
    h('div', {class: 'cards'},
      h('figure', {class: 'card'}, h('figcaption', {}, t('overview.successRate')), ring(rate, t('overview.successRate')),
        h('p', {}, `${metrics.total} ${t('overview.total')}, ${metrics.failed} ${t('overview.failed')}`)),
      h('figure', {class: 'card', id: 'queue'}, h('figcaption', {}, t('overview.queue')),
        h('p', {class: 'big'}, String(queue.waiting ?? 0)), h('p', {}, t('overview.queueDepth')),
        queue.oldestDueAt ? h('p', {}, t('overview.oldestDue') + ' ' + Math.max(0, Math.round((Date.now() - queue.oldestDueAt) / 1000)) + ' s') : null)),
    h('figure', {class: 'wide'}, h('figcaption', {}, t('overview.perHour')),
      hourlyBars(hourly(metrics), t('overview.perHour'), t('logs.okTrue'), t('logs.okFalse'))),
    h('figure', {class: 'wide'}, h('figcaption', {}, t('overview.byError')),
      errors.length ? horizontalBars(errors, t('overview.byError')) : h('p', {class: 'empty'}, t('overview.noFailures'))),
    h('h2', {}, t('overview.recentFailures')),
    table([
      {label: t('logs.when'), value: r => formatTime(r.ts)},
      {label: t('logs.route'), value: r => r.routeId},
      {label: t('logs.target'), value: r => r.target},
      {label: t('logs.errorCode'), value: r => r.errorCode || ''},
      {label: t('logs.delivery'), value: r => r.deliveryId ? h('a', {href: '/admin/deliveries/' + encodeURIComponent(r.deliveryId), 'data-link': '1'}, r.deliveryId) : ''},
    ], metrics.recentFailures, t('overview.noFailures')));
}

export async function metrics(ctx) {
  const {hours, metrics} = await load(ctx);
  const breakdown = (rows, key) => table([
    {label: key, value: r => r[key] ?? '–'},
    {label: t('overview.total'), value: r => r.total},
    {label: t('logs.okTrue'), value: r => r.ok},
    {label: t('logs.okFalse'), value: r => r.failed},
  ], rows, t('common.none'));
  return h('section', {},
    h('h1', {tabindex: '-1'}, t('metrics.title')),
    windowPicker(ctx, hours),
    h('dl', {class: 'facts'},
      h('dt', {}, t('overview.total')), h('dd', {}, metrics.total),
      h('dt', {}, t('overview.failed')), h('dd', {}, metrics.failed),
      h('dt', {}, t('metrics.avgDuration')), h('dd', {}, Math.round(metrics.avgDurationMs) + ' ms'),
      h('dt', {}, t('metrics.avgAttempts')), h('dd', {}, metrics.avgAttempts.toFixed(2))),
    h('h2', {}, t('metrics.byPlatform')), breakdown(metrics.byPlatform, 'platform'),
    h('h2', {}, t('metrics.byEvent')), breakdown(metrics.byEvent, 'event'),
    h('h2', {}, t('metrics.byStatus')),
    table([{label: 'status', value: r => r.status}, {label: t('overview.total'), value: r => r.count}], metrics.byStatus, t('common.none')));
}
