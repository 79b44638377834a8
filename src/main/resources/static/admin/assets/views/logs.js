// Send logs: filters in the URL (so a filtered view is a link), newest first, a page at a time, a row's detail.
import {h, table, formatTime, field, replace} from '../dom.js';
import {t} from '../i18n.js';
import {api, query} from '../api.js';
import {showError} from '../ui.js';
import {call} from './call.js';

const FILTERS = ['groupId', 'routeId', 'event', 'platform', 'ok', 'errorCode', 'deliveryId'];

export async function logs(ctx) {
  const params = Object.fromEntries(FILTERS.map(f => [f, ctx.query.get(f) || '']));
  const before = ctx.query.get('before') || '';
  const page = await api.get('/admin/api/logs' + query({...params, before}));
  const form = h('form', {class: 'filters', role: 'search'});
  const groupSelect = h('select', {name: 'groupId', 'data-field': 'groupId'}, h('option', {value: ''}, t('logs.any')),
    Object.keys(ctx.me.roles).map(id => h('option', {value: id, selected: id === params.groupId}, id)));
  const okSelect = h('select', {name: 'ok', 'data-field': 'ok'},
    [['', t('logs.any')], ['true', t('logs.okTrue')], ['false', t('logs.okFalse')]].map(([v, l]) => h('option', {value: v, selected: v === params.ok}, l)));
  const text = name => h('input', {name, value: params[name], 'data-field': name, size: 14});
  form.append(
    field(t('logs.group'), groupSelect), field(t('logs.route'), text('routeId')), field(t('logs.event'), text('event')),
    field(t('logs.platform'), text('platform')), field(t('logs.ok'), okSelect), field(t('logs.errorCode'), text('errorCode')),
    field(t('logs.delivery'), text('deliveryId')), h('button', {type: 'submit'}, t('common.filter')));
  form.addEventListener('submit', e => {
    e.preventDefault();
    const values = Object.fromEntries(new FormData(form).entries());
    ctx.navigate('/admin/logs' + query(values));
  });
  const detail = h('div', {id: 'log-detail', 'aria-live': 'polite'});
  const errors = h('div', {});
  const rows = table([
    {label: t('logs.when'), value: r => formatTime(r.ts)},
    {label: t('logs.group'), value: r => r.groupId || '–'},
    {label: t('logs.route'), value: r => r.routeId},
    {label: t('logs.event'), value: r => r.event + (r.action ? ' / ' + r.action : '')},
    {label: t('logs.target'), value: r => (r.platform ? r.platform + ' ' : '') + r.target},
    {label: t('logs.ok'), value: r => h('span', {class: r.ok ? 'ok' : 'bad'}, r.ok ? t('logs.okTrue') : t('logs.okFalse') + (r.errorCode ? ' (' + r.errorCode + ')' : ''))},
    {label: t('logs.delivery'), value: r => r.deliveryId ? h('a', {href: '/admin/deliveries/' + encodeURIComponent(r.deliveryId), 'data-link': '1'}, r.deliveryId) : ''},
    {label: t('logs.detail'), value: r => h('button', {type: 'button', class: 'link', onclick: () => showDetail(r.id, detail, errors)}, '#' + r.id)},
  ], page.logs, t('common.none'));
  const more = page.next ? h('a', {href: '/admin/logs' + query({...params, before: page.next}), 'data-link': '1', class: 'more'}, t('common.next')) : null;
  return h('section', {}, h('h1', {tabindex: '-1'}, t('logs.title')), form, errors, rows, more, detail);
}

async function showDetail(id, box, errors) {
  try {
    const {log} = await api.get('/admin/api/logs/' + id);
    // the row's fields, then the request the attempt made and the platform's answer (an object, shown as such)
    replace(box, h('h2', {}, t('logs.detail') + ' #' + id),
      h('dl', {class: 'facts'}, Object.entries(log).filter(([k, v]) => k !== 'call' && v !== null && v !== '')
        .map(([k, v]) => [h('dt', {}, k), h('dd', {}, String(v))])),
      log.call ? call(log, true) : null);
    box.querySelector('h2').setAttribute('tabindex', '-1');
    box.querySelector('h2').focus();
  } catch (e) {
    showError(errors, e);
  }
}
