// The signed-in user's API tokens: for scripts that call the admin API (admin:read, admin:write) or the actions
// API (comment, merge, close, react). A new token's value is shown once; the service keeps only its hash.
import {h, table, formatTime, replace} from '../dom.js';
import {t} from '../i18n.js';
import {api} from '../api.js';
import {showError, notice, clearFieldErrors} from '../ui.js';

const SCOPES = ['admin:read', 'admin:write', 'comment', 'merge', 'close', 'react'];

export async function tokens(ctx) {
  const {tokens: rows} = await api.get('/admin/api/tokens');
  const status = h('div', {'aria-live': 'polite'});
  const shown = h('div', {id: 'new-token'});
  const name = h('input', {name: 'name', required: true, maxlength: 100, 'data-field': 'name'});
  const days = h('input', {name: 'expiresInDays', type: 'number', min: 1, max: 365, value: 90, 'data-field': 'expiresInDays'});
  const boxes = SCOPES.map(s => h('label', {}, h('input', {type: 'checkbox', value: s, checked: s === 'admin:read'}), ' ', s));
  const form = h('form', {class: 'token-form'},
    h('label', {}, t('tokens.name'), ' ', name),
    h('fieldset', {'data-field': 'scopes'}, h('legend', {}, t('tokens.scopes')), ...boxes),
    h('label', {}, t('tokens.days'), ' ', days),
    h('button', {type: 'submit'}, t('tokens.create')));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    clearFieldErrors(form);
    const scopes = boxes.map(b => b.querySelector('input')).filter(i => i.checked).map(i => i.value);
    try {
      const made = await api.post('/admin/api/tokens', {name: name.value.trim(), scopes,
        expiresInDays: /^\d+$/.test(days.value) ? Number(days.value) : days.value});
      replace(shown, h('p', {}, t('tokens.once')), h('pre', {class: 'token-value'}, made.value));
    } catch (e) {
      showError(status, e, form);
    }
  });
  const revoke = async (row) => {
    if (!window.confirm(t('tokens.confirmRevoke', {name: row.name}))) return;
    try {
      await api.del('/admin/api/tokens/' + encodeURIComponent(row.id));
      notice(status, t('tokens.revoked', {name: row.name}));
      setTimeout(() => ctx.refresh(), 800);
    } catch (e) {
      showError(status, e);
    }
  };
  const when = ms => ms ? formatTime(ms) : '–';
  return h('section', {},
    h('h1', {tabindex: '-1'}, t('tokens.title')),
    h('p', {class: 'help'}, t('tokens.help')),
    status, form, shown,
    h('div', {id: 'token-list'}, table([
      {label: t('tokens.name'), value: r => r.name},
      {label: t('tokens.scopes'), value: r => h('code', {}, (r.scopes || []).join(' '))},
      {label: t('tokens.expires'), value: r => when(r.expiresAt)},
      {label: t('tokens.lastUsed'), value: r => when(r.lastUsedAt)},
      {label: '', value: r => r.live
          ? h('button', {type: 'button', class: 'revoke', onclick: () => revoke(r)}, t('tokens.revoke')) : t('tokens.dead')},
    ], rows, t('tokens.none'))));
}
