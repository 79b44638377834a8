// A group's routes: the list in evaluation order (drag, or the arrow buttons, to reorder), an editor for one
// route (filters as a list or as a boolean tree, targets, role mentions), and a YAML view of all of them that
// is validated by the service before it is applied.
import {h, field, replace} from '../dom.js';
import {t} from '../i18n.js';
import {api} from '../api.js';
import {showError, notice, applyReadOnly} from '../ui.js';

const FILTER_TYPES = ['event', 'repo', 'actor', 'action', 'branch', 'label', 'keyword'];

export function routesPanel(ctx, groupId, routes, readOnly, waiting = [], fromChat = []) {
  const panel = h('section', {id: 'routes', 'aria-labelledby': 'routes-title'});
  const status = h('div', {'aria-live': 'polite'});
  const editor = h('div', {id: 'route-editor'});
  const list = h('ol', {class: 'routes', id: 'route-list'});
  let order = routes.map(r => r.id);
  const saveOrder = async () => {
    try {
      await api.put('/admin/api/groups/' + encodeURIComponent(groupId) + '/route-order', {ids: order});
      notice(status, t('common.saved'));
    } catch (e) {
      showError(status, e);
      ctx.refresh();
    }
  };
  const move = (from, to) => {
    if (to < 0 || to >= order.length || from === to) return;
    const [id] = order.splice(from, 1);
    order.splice(to, 0, id);
    drawList();
    list.querySelector(`[data-route="${CSS.escape(id)}"] .move-${to > from ? 'down' : 'up'}`)?.focus();
    saveOrder();
  };
  let dragged = null;
  const drawList = () => replace(list, order.map((id, i) => {
    const r = routes.find(x => x.id === id);
    const item = h('li', {draggable: readOnly ? 'false' : 'true', dataset: {route: id}},
      h('span', {class: 'route-name'}, r.name + ' ', h('code', {}, id), r.enabled ? '' : ' (' + t('routes.disabled') + ')',
        waiting.some(w => w.routeId === id) ? h('span', {class: 'badge waiting', title: t('chats.waitingHelp')},
          t('chats.waitingBadge', {n: waiting.filter(w => w.routeId === id).length})) : '',
        fromChat.includes(id) ? h('span', {class: 'badge from-chat', title: t('routes.fromChatHelp')}, t('routes.fromChat')) : '',
        h('span', {class: 'route-summary'}, summary(r))),
      h('span', {class: 'route-actions'},
        h('button', {type: 'button', class: 'move-up', 'aria-label': t('routes.moveUp') + ': ' + id, disabled: readOnly || i === 0, onclick: () => move(i, i - 1)}, '↑'),
        h('button', {type: 'button', class: 'move-down', 'aria-label': t('routes.moveDown') + ': ' + id, disabled: readOnly || i === order.length - 1, onclick: () => move(i, i + 1)}, '↓'),
        h('button', {type: 'button', class: 'edit', 'data-always': '1', onclick: () => openEditor(ctx, groupId, id, editor, readOnly)}, t('routes.edit'))));
    item.addEventListener('dragstart', () => { dragged = i; });
    item.addEventListener('dragover', e => e.preventDefault());
    item.addEventListener('drop', e => { e.preventDefault(); if (dragged !== null) move(dragged, i); dragged = null; });
    return item;
  }));
  drawList();
  const add = h('button', {type: 'button', id: 'add-route', disabled: readOnly, onclick: () => openEditor(ctx, groupId, null, editor, readOnly)}, t('routes.add'));
  const yamlToggle = h('button', {type: 'button', id: 'yaml-view', 'data-always': '1', onclick: () => openYaml(ctx, groupId, editor, readOnly)}, t('routes.yaml'));
  const exportLink = h('a', {href: '/admin/api/config/export?groupId=' + encodeURIComponent(groupId), download: groupId + '.yaml'}, t('routes.export'));
  replace(panel, h('h2', {id: 'routes-title'}, t('routes.title')), h('p', {class: 'help'}, t('routes.order')), status, list,
    h('div', {class: 'row'}, add, yamlToggle, exportLink), editor);
  return panel;
}

async function openEditor(ctx, groupId, routeId, box, readOnly) {
  let route = {id: '', name: '', enabled: true, filters: [{type: 'event', match: ['push']}], targets: [{platform: 'discord', channelId: ''}]};
  let version = null;
  if (routeId) {
    const answer = await api.get('/admin/api/groups/' + encodeURIComponent(groupId) + '/routes/' + encodeURIComponent(routeId));
    route = answer.route;
    version = answer.version;
  }
  const errors = h('div', {});
  const id = h('input', {name: 'id', value: route.id, required: true, 'data-field': 'id', disabled: !!routeId, maxlength: 64});
  const name = h('input', {name: 'name', value: route.name, required: true, 'data-field': 'name', maxlength: 100});
  const enabled = h('input', {type: 'checkbox', checked: route.enabled !== false, 'data-field': 'enabled'});
  const stop = h('input', {type: 'checkbox', checked: !!route.stop, 'data-field': 'stop'});
  const fallback = h('input', {type: 'checkbox', checked: !!route.fallback, 'data-field': 'fallback'});
  const roles = h('input', {value: (route.discordRoleIds || []).join(', '), 'data-field': 'discordRoleIds'});
  const useTree = h('input', {type: 'checkbox', checked: !!route.ast, id: 'use-tree'});
  const filters = filterList(route.filters || []);
  const tree = treeEditor(route.ast || {all: (route.filters || []).map(f => ({...f}))}, 'ast');
  const filterBox = h('div', {});
  const drawFilters = () => replace(filterBox, useTree.checked ? tree.element : filters.element);
  useTree.addEventListener('change', drawFilters);
  drawFilters();
  const targets = targetList(route.targets || []);
  // the route's own wording: Mustache templates over the formatter's message, checked against the samples on save
  const template = route.template || {};
  const templateTitle = h('input', {id: 'template-title', value: template.title || '', 'data-field': 'template.title', size: 60, maxlength: 1000});
  const templateBody = h('textarea', {id: 'template-body', rows: 4, cols: 60, 'data-field': 'template.body', maxlength: 8000}, template.body || '');
  const templateFooter = h('input', {id: 'template-footer', value: template.footer || '', 'data-field': 'template.footer', size: 60, maxlength: 1000});
  const form = h('form', {class: 'stack route-form', 'aria-label': t('routes.edit') + ' ' + (route.id || t('routes.add'))},
    h('h3', {tabindex: '-1'}, routeId ? t('routes.edit') + ' ' + routeId : t('routes.add')),
    field(t('groups.id'), id, t('groups.idHelp')), field(t('groups.name'), name),
    h('div', {class: 'checks'}, field(t('routes.enabled'), enabled), field(t('routes.stop'), stop), field(t('routes.fallback'), fallback)),
    h('fieldset', {}, h('legend', {}, t('routes.filters')), h('p', {class: 'help'}, t('filter.help')), h('p', {class: 'help'}, t('filter.types')),
      field(t('filter.useTree'), useTree), filterBox),
    h('fieldset', {}, h('legend', {}, t('routes.targets')), targets.element),
    field(t('routes.roles'), roles),
    h('details', {class: 'template', open: !!route.template}, h('summary', {}, t('routes.template')),
      h('p', {class: 'help'}, t('routes.templateHelp')),
      field(t('routes.templateTitle'), templateTitle), field(t('routes.templateBody'), templateBody),
      field(t('routes.templateFooter'), templateFooter)),
    h('div', {class: 'row'},
      h('button', {type: 'submit', class: 'primary'}, t('common.save')),
      routeId ? h('button', {type: 'button', class: 'danger', onclick: () => remove()}, t('common.delete')) : null,
      h('button', {type: 'button', 'data-always': '1', onclick: () => replace(box)}, t('common.close'))),
    errors);
  const body = () => {
    const out = {
      id: id.value.trim(), name: name.value.trim(), enabled: enabled.checked, stop: stop.checked, fallback: fallback.checked,
      targets: targets.value(),
      discordRoleIds: roles.value.split(',').map(s => s.trim()).filter(Boolean),
    };
    const worded = Object.fromEntries([['title', templateTitle.value], ['body', templateBody.value], ['footer', templateFooter.value]]
      .filter(([, v]) => v.trim() !== ''));
    if (Object.keys(worded).length > 0) out.template = worded;
    if (useTree.checked) {
      out.ast = tree.value();
      out.filters = [];
    } else {
      out.filters = filters.value();
    }
    return out;
  };
  const base = '/admin/api/groups/' + encodeURIComponent(groupId) + '/routes';
  form.addEventListener('submit', async e => {
    e.preventDefault();
    try {
      if (routeId) await api.put(base + '/' + encodeURIComponent(routeId), body(), {ifMatch: version});
      else await api.post(base, body());
      ctx.refresh();
    } catch (err) {
      showError(errors, err, form);
    }
  });
  const remove = async () => {
    if (!confirm(t('routes.confirmDelete', {id: routeId}))) return;
    try {
      await api.del(base + '/' + encodeURIComponent(routeId), {ifMatch: version});
      ctx.refresh();
    } catch (err) {
      showError(errors, err, form);
    }
  };
  replace(box, applyReadOnly(form, readOnly));
  form.querySelector('h3').focus();
}

function patterns(value) {
  return value.split(',').map(s => s.trim()).filter(Boolean);
}

function filterRow(filter, path, onRemove) {
  const type = h('select', {'aria-label': t('filter.type'), 'data-field': path + '.type'},
    FILTER_TYPES.map(ft => h('option', {value: ft, selected: ft === filter.type}, ft)));
  const match = h('input', {'aria-label': t('filter.match'), value: [].concat(filter.match || []).join(', '), 'data-field': path + '.match', size: 30});
  const exclude = h('input', {type: 'checkbox', 'aria-label': t('filter.exclude'), checked: !!filter.exclude});
  const row = h('div', {class: 'row filter'}, type, match, h('label', {}, exclude, ' ', t('filter.exclude')),
    onRemove ? h('button', {type: 'button', 'aria-label': t('common.delete'), onclick: () => onRemove(row)}, '×') : null);
  row.value = () => {
    const f = {type: type.value, match: patterns(match.value)};
    if (exclude.checked) f.exclude = true;
    return f;
  };
  return row;
}

function filterList(initial) {
  const rows = h('div', {});
  const add = f => rows.append(filterRow(f, 'filters[' + rows.children.length + ']', row => row.remove()));
  initial.forEach(add);
  return {
    element: h('div', {}, rows, h('button', {type: 'button', onclick: () => add({type: 'event', match: []})}, t('filter.add'))),
    value: () => [...rows.children].map(r => r.value()),
  };
}

/** A node of the boolean tree: {all: [...]}, {any: [...]}, {not: node} or a filter. */
function treeEditor(node, path) {
  if (node.all || node.any) {
    const kind = h('select', {'aria-label': t('filter.tree'), 'data-field': path},
      h('option', {value: 'all', selected: !!node.all}, t('filter.all')), h('option', {value: 'any', selected: !!node.any}, t('filter.any')));
    const children = h('div', {class: 'tree-children'});
    const addChild = child => {
      const editor = treeEditor(child, path + '.' + (node.all ? 'all' : 'any') + '[' + children.children.length + ']');
      const wrap = h('div', {class: 'tree-item'}, editor.element, h('button', {type: 'button', 'aria-label': t('common.delete'), onclick: () => wrap.remove()}, '×'));
      wrap.value = editor.value;
      children.append(wrap);
    };
    (node.all || node.any).forEach(addChild);
    return {
      element: h('div', {class: 'tree'}, kind, children,
        h('div', {class: 'row'},
          h('button', {type: 'button', onclick: () => addChild({type: 'event', match: []})}, t('filter.add')),
          h('button', {type: 'button', onclick: () => addChild({any: []})}, t('filter.addGroup')),
          h('button', {type: 'button', onclick: () => addChild({not: {type: 'event', match: []}})}, t('filter.not')))),
      value: () => ({[kind.value]: [...children.children].map(c => c.value())}),
    };
  }
  if (node.not) {
    const inner = treeEditor(node.not, path + '.not');
    return {element: h('div', {class: 'tree not'}, h('span', {class: 'tree-kind'}, t('filter.not')), inner.element), value: () => ({not: inner.value()})};
  }
  const row = filterRow(node, path, null);
  return {element: row, value: () => row.value()};
}

function targetRow(target, i, onRemove) {
  const platform = h('select', {'aria-label': t('target.platform'), 'data-field': 'targets[' + i + '].platform'},
    ['discord', 'telegram', 'slack', 'teams', 'webhook', 'camel'].map(p => h('option', {value: p, selected: p === target.platform}, p)));
  const first = h('input', {'data-field': 'targets[' + i + ']', size: 22});
  const second = h('input', {size: 10});
  const label1 = h('span', {}), label2 = h('span', {});
  // each pull request or issue in a thread of its own, started by its first message in the channel
  const threads = h('input', {type: 'checkbox', 'data-field': 'targets[' + i + '].threads', checked: !!target.threads});
  const chat = h('span', {class: 'row'}, h('label', {}, label1, ' ', first), h('label', {}, label2, ' ', second),
    h('label', {title: t('target.threadsHint')}, threads, ' ', t('target.threads')));
  // a webhook: the URL, a new secret (the stored ones, shown sealed, are kept while it is empty), the body format,
  // the timeout and static headers (one "Name: value" per line)
  const url = h('input', {type: 'url', size: 34, 'aria-label': t('target.url'), 'data-field': 'targets[' + i + '].url'});
  const kept = (target.secrets || []).filter(Boolean);
  const secret = h('input', {type: 'password', size: 20, autocomplete: 'off', 'aria-label': t('target.secret'),
    'data-field': 'targets[' + i + '].secret', placeholder: kept.length ? t('target.secretKept') : 'whsec_…'});
  const format = h('select', {'aria-label': t('target.format'), 'data-field': 'targets[' + i + '].format'},
    ['event', 'message'].map(f => h('option', {value: f, selected: f === (target.format || 'event')}, t('target.format.' + f))));
  const timeout = h('input', {type: 'number', min: 1, max: 30, size: 4, 'aria-label': t('target.timeout'),
    'data-field': 'targets[' + i + '].timeoutSeconds', value: target.timeoutSeconds || '', placeholder: '15'});
  const headers = h('textarea', {rows: 2, cols: 34, 'aria-label': t('target.headers'), 'data-field': 'targets[' + i + '].headers',
    placeholder: 'X-Team: widgets'});
  headers.value = Object.entries(target.headers || {}).map(([name, value]) => name + ': ' + value).join('\n');
  const urlPart = h('label', {}, t('target.url'), ' ', url);
  const signing = h('span', {class: 'row'}, h('label', {}, t('target.secret'), ' ', secret),
    h('label', {}, t('target.format'), ' ', format), h('label', {}, t('target.timeout'), ' ', timeout),
    h('label', {}, t('target.headers'), ' ', headers));
  const hook = h('span', {class: 'row'}, urlPart, signing);
  // a Camel endpoint: its URI (credential options come back sealed and go back as they are), an optional signing
  // secret, and whether the message key extends the routing key or topic
  const uri = h('input', {size: 44, 'aria-label': t('target.uri'), 'data-field': 'targets[' + i + '].uri',
    placeholder: 'kafka:events?brokers=host:9092'});
  uri.value = target.uri || '';
  const camelSecret = h('input', {type: 'password', size: 20, autocomplete: 'off', 'aria-label': t('target.secret'),
    'data-field': 'targets[' + i + '].secret', placeholder: kept.length ? t('target.secretKept') : 'whsec_… (' + t('target.optional') + ')'});
  const keyed = h('input', {type: 'checkbox', 'data-field': 'targets[' + i + '].keyed', checked: !!target.keyed});
  const endpoint = h('span', {class: 'row'}, h('label', {}, t('target.uri'), ' ', uri),
    h('label', {}, t('target.secret'), ' ', camelSecret), h('label', {}, keyed, ' ', t('target.keyed')));
  // Slack takes either an incoming webhook's URL or the bot's channel id (and a thread); Teams only a URL
  const LABELS = {
    discord: ['target.channel', 'target.thread', 'channelId'],
    telegram: ['target.chat', 'target.topic', 'chatId'],
    slack: ['target.slackChannel', 'target.slackThread', 'channelId'],
  };
  const sync = () => {
    const kind = platform.value;
    chat.hidden = !LABELS[kind];
    hook.hidden = kind === 'discord' || kind === 'telegram' || kind === 'camel';
    endpoint.hidden = kind !== 'camel';
    signing.hidden = kind !== 'webhook';
    url.placeholder = kind === 'slack' ? t('target.slackUrl') : '';
    if (!LABELS[kind]) return;
    const [one, two, name] = LABELS[kind];
    first.setAttribute('aria-label', t(one));
    second.setAttribute('aria-label', t(two));
    first.dataset.field = 'targets[' + i + '].' + name;
    replace(label1, t(one));
    replace(label2, t(two));
  };
  first.value = target.channelId || target.chatId || '';
  second.value = target.threadId || target.topicId || '';
  url.value = target.url || '';
  platform.addEventListener('change', sync);
  sync();
  const row = h('div', {class: 'row target'}, platform, chat, hook, endpoint,
    h('button', {type: 'button', 'aria-label': t('common.delete'), onclick: () => onRemove(row)}, '×'));
  row.value = () => {
    if (platform.value === 'webhook') {
      const typed = secret.value.trim();
      const named = headerLines(headers.value);
      const seconds = timeout.value.trim();
      return {platform: 'webhook', url: url.value.trim(), ...(typed ? {secret: typed} : {secrets: kept}),
        format: format.value, ...(Object.keys(named).length ? {headers: named} : {}),
        // a number the server checks (1–30); anything else goes as typed, so its refusal names this field
        ...(seconds ? {timeoutSeconds: /^\d+$/.test(seconds) ? Number(seconds) : seconds} : {})};
    }
    if (platform.value === 'teams') return {platform: 'teams', url: url.value.trim()};
    if (platform.value === 'camel') {
      const typed = camelSecret.value.trim();
      return {platform: 'camel', uri: uri.value.trim(), ...(typed ? {secret: typed} : kept.length ? {secrets: kept} : {}),
        ...(keyed.checked ? {keyed: true} : {})};
    }
    const threaded = threads.checked ? {threads: true} : {};
    if (platform.value === 'slack') {
      // an incoming webhook with threads on goes as it is, so the server's refusal names the field
      if (url.value.trim()) return {platform: 'slack', url: url.value.trim(), ...threaded};
      return {platform: 'slack', channelId: first.value.trim(), ...(second.value.trim() ? {threadId: second.value.trim()} : {}),
        ...threaded};
    }
    return platform.value === 'discord'
      ? {platform: 'discord', channelId: first.value.trim(), ...(second.value.trim() ? {threadId: second.value.trim()} : {}),
        ...threaded}
      : {platform: 'telegram', chatId: first.value.trim(), ...(second.value.trim() ? {topicId: second.value.trim()} : {}),
        ...threaded};
  };
  return row;
}

/** What a route selects and where it sends, in one line: "event push · repo acme/* → discord 1234…, webhook hooks.example.com". */
function summary(route) {
  const filters = (route.filters || []).map(f => (f.exclude ? 'not ' : '') + f.type + ' ' + [].concat(f.match || []).join(' | '));
  const where = target => target.channelId || target.chatId || target.uri || (target.url ? hostOf(target.url) : '') || '';
  const targets = (route.targets || []).map(x => (x.platform || 'discord') + (where(x) ? ' ' + where(x) : ''));
  return (route.ast ? t('routes.treeFilter') : filters.length ? filters.join(' · ') : t('routes.noFilter')) + ' → ' + targets.join(', ')
    + (route.template ? ' · ' + t('routes.worded') : '');
}

/** A URL's host: the rest of it can hold a token. */
function hostOf(url) {
  try {
    return new URL(url).host;
  } catch (e) {
    return '';
  }
}

/** "Name: value" lines; a line without a colon is sent as a name alone, which the server refuses by name. */
function headerLines(text) {
  const named = {};
  for (const line of text.split('\n').map(l => l.trim()).filter(Boolean)) {
    const colon = line.indexOf(':');
    if (colon < 0) named[line] = '';
    else named[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return named;
}

function targetList(initial) {
  const rows = h('div', {});
  const add = target => rows.append(targetRow(target, rows.children.length, row => row.remove()));
  initial.forEach(add);
  return {
    element: h('div', {}, rows, h('button', {type: 'button', class: 'add-target', onclick: () => add({platform: 'discord'})}, t('target.add'))),
    value: () => [...rows.children].map(r => r.value()),
  };
}

async function openYaml(ctx, groupId, box, readOnly) {
  const path = '/admin/api/groups/' + encodeURIComponent(groupId) + '/routes';
  const text = await api.get(path, {accept: 'application/yaml'});
  const area = h('textarea', {id: 'routes-yaml', rows: 18, cols: 80, spellcheck: 'false', 'data-field': 'routes', 'aria-label': t('routes.yaml')}, text);
  const status = h('div', {'aria-live': 'polite'});
  const send = async (validateOnly) => {
    try {
      const answer = await api.put(path + (validateOnly ? '?validate=true' : ''), area.value, {contentType: 'application/yaml'});
      if (validateOnly) notice(status, t('routes.valid', {n: answer.count}));
      else ctx.refresh();
    } catch (e) {
      showError(status, e);
    }
  };
  const form = h('form', {class: 'stack'}, h('h3', {tabindex: '-1'}, t('routes.yaml')), area,
    h('div', {class: 'row'},
      h('button', {type: 'button', id: 'yaml-validate', onclick: () => send(true)}, t('routes.validate')),
      h('button', {type: 'button', id: 'yaml-apply', class: 'primary', onclick: () => send(false)}, t('common.apply')),
      h('button', {type: 'button', 'data-always': '1', onclick: () => replace(box)}, t('common.close'))),
    status);
  replace(box, applyReadOnly(form, readOnly));
  form.querySelector('h3').focus();
}
