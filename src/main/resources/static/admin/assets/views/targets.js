// Endpoint targets that keep failing: each with its streak, the reason it was disabled, the routes that send to it,
// and a re-enable button where the caller may (an admin of one of those groups).
import {h, table, formatTime} from '../dom.js';
import {t} from '../i18n.js';
import {api} from '../api.js';
import {showError, notice} from '../ui.js';

export async function targets(ctx) {
  const {targets: rows} = await api.get('/admin/api/targets');
  const status = h('div', {'aria-live': 'polite'});
  const enable = async (row) => {
    try {
      await api.post('/admin/api/targets/enable', {targetId: row.targetId});
      notice(status, t('targets.enabled', {target: row.targetId}));
      setTimeout(() => ctx.refresh(), 1500);
    } catch (e) {
      showError(status, e);
    }
  };
  const when = iso => iso ? formatTime(Date.parse(iso)) : '–';
  return h('section', {},
    h('h1', {tabindex: '-1'}, t('targets.title')),
    h('p', {class: 'help'}, t('targets.help')),
    status,
    h('div', {id: 'target-health'}, table([
      {label: t('logs.target'), value: r => h('code', {}, r.platform + ' ' + r.targetId)},
      {label: t('deliveries.status'), value: r => r.disabled
          ? h('span', {class: 'status status-failed'}, t('targets.disabled', {when: when(r.disabledAt)}))
          : h('span', {class: 'status status-retrying'}, t('targets.failing'))},
      {label: t('targets.reason'), value: r => r.disabledReason || ''},
      {label: t('targets.streak'), value: r => t('targets.since', {n: r.failures, when: when(r.failingSince)})},
      {label: t('logs.error'), value: r => r.lastError || ''},
      {label: t('targets.routes'), value: r => r.routes.length === 0 ? t('targets.noRoute')
          : r.routes.map(x => (x.groupId ? x.groupId + ' / ' : '') + (x.name || x.routeId)).join(', ')},
      {label: '', value: r => r.canEnable
          ? h('button', {type: 'button', class: 'enable', onclick: () => enable(r)}, t('targets.enable')) : ''},
    ], rows, t('targets.none'))));
}
