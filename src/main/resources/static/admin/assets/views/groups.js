// The groups the caller sees, and (super admins) a new group.
import {h, table, field} from '../dom.js';
import {t} from '../i18n.js';
import {api} from '../api.js';
import {showError} from '../ui.js';

export async function groups(ctx) {
  const [list, routes] = await Promise.all([api.get('/admin/api/groups'), api.get('/admin/api/routes')]);
  const count = id => routes.routes.filter(r => r.groupId === id).length;
  const section = h('section', {},
    h('h1', {tabindex: '-1'}, t('groups.title')),
    table([
      {label: t('groups.id'), value: g => h('a', {href: '/admin/groups/' + encodeURIComponent(g.id), 'data-link': '1'}, g.id)},
      {label: t('groups.name'), value: g => g.name},
      {label: t('groups.role'), value: g => list.roles[g.id] || (list.isSuper ? 'owner' : '')},
      {label: t('groups.members'), value: g => (g.members || []).length},
      {label: t('groups.routes'), value: g => count(g.id)},
      {label: t('groups.origin'), value: g => h('span', {class: 'origin', 'data-origin': (list.sources || {})[g.id] || 'unknown'},
        t('origin.' + ((list.sources || {})[g.id] || 'unknown')))},
    ], list.groups, t('common.none')));
  // sync mode: the file manages its groups; the others are kept as they are and stay writable here
  if (ctx.me.config && !ctx.me.config.writable) {
    section.append(h('p', {class: 'notice', id: 'sync-note'}, t('groups.syncNote', {file: ctx.me.config.file})));
  }
  if (ctx.me.canCreateGroups) {
    const id = h('input', {name: 'id', required: true, pattern: '[a-z0-9][a-z0-9\\-]*', 'data-field': 'id', maxlength: 64});
    const name = h('input', {name: 'name', required: true, 'data-field': 'name', maxlength: 100});
    const errors = h('div', {});
    const form = h('form', {class: 'stack', id: 'create-group'},
      h('h2', {}, t('groups.create')),
      field(t('groups.id'), id, t('groups.idHelp')), field(t('groups.name'), name),
      h('button', {type: 'submit', class: 'primary'}, t('groups.create')), errors);
    form.addEventListener('submit', async e => {
      e.preventDefault();
      try {
        await api.post('/admin/api/groups', {id: id.value.trim(), name: name.value.trim(), members: []});
        ctx.navigate('/admin/groups/' + encodeURIComponent(id.value.trim()));
      } catch (err) {
        showError(errors, err, form);
      }
    });
    section.append(form);
  }
  return section;
}
