// The audit trail of the caller's groups, newest first, a page at a time.
import {h, table, formatTime, field} from '../dom.js';
import {t} from '../i18n.js';
import {api, query} from '../api.js';

export async function audit(ctx) {
  const groupId = ctx.query.get('groupId') || '';
  const action = ctx.query.get('action') || '';
  const page = await api.get('/admin/api/audit' + query({groupId, action, before: ctx.query.get('before')}));
  const form = h('form', {class: 'filters', role: 'search'},
    field(t('logs.group'), h('select', {name: 'groupId'}, h('option', {value: ''}, t('logs.any')),
      Object.keys(ctx.me.roles).map(id => h('option', {value: id, selected: id === groupId}, id)))),
    field(t('audit.action'), h('input', {name: 'action', value: action, size: 18})),
    h('button', {type: 'submit'}, t('common.filter')));
  form.addEventListener('submit', e => {
    e.preventDefault();
    ctx.navigate('/admin/audit' + query(Object.fromEntries(new FormData(form).entries())));
  });
  return h('section', {},
    h('h1', {tabindex: '-1'}, t('audit.title')), form,
    table([
      {label: t('audit.when'), value: r => formatTime(r.ts)},
      {label: t('audit.who'), value: r => r.actorLogin || r.actorId || '–'},
      {label: t('audit.action'), value: r => h('code', {}, r.action)},
      {label: t('logs.group'), value: r => r.groupId || '–'},
      {label: t('audit.target'), value: r => [r.targetType, r.targetId].filter(Boolean).join(' ')},
      {label: t('audit.detail'), value: r => r.detail ? h('code', {class: 'detail'}, r.detail) : ''},
    ], page.audit, t('common.none')),
    page.next ? h('a', {href: '/admin/audit' + query({groupId, action, before: page.next}), 'data-link': '1', class: 'more'}, t('common.next')) : null);
}
