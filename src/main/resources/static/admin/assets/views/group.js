// One group: its settings and members (owners), invites, the webhook endpoint with a secret shown once, the
// chats that accept its messages (and the targets waiting for theirs), and its routes (routes.js). Each panel is
// read only, with the reason shown, where the caller may not change it.
import {h, field, replace, table, formatTime} from '../dom.js';
import {t} from '../i18n.js';
import {api} from '../api.js';
import {showError, notice, readOnlyReason, applyReadOnly} from '../ui.js';
import {routesPanel} from './routes.js';

const ROLES = ['owner', 'admin', 'viewer'];
const GATES = ['owners', 'installationId', 'globalWebhook'];

export async function group(ctx) {
  const id = ctx.params[0];
  const base = '/admin/api/groups/' + encodeURIComponent(id);
  const [{group: g, version, source}, {routes, waiting, fromChat}, chats] = await Promise.all([api.get(base), api.get(base + '/routes'),
    api.get(base + '/chats')]);
  const owner = ctx.me.isSuper || ((ctx.me.capabilities || {})[id] || []).includes('edit-group');
  const section = h('section', {},
    h('h1', {tabindex: '-1'}, g.name + ' ', h('code', {}, g.id)),
    h('p', {class: 'origin', id: 'group-origin', 'data-origin': source || 'unknown'},
      t('group.origin', {origin: t('origin.' + (source || 'unknown'))})),
    settingsPanel(ctx, g, version, base),
    owner ? webhookPanel(ctx, id, base) : null,
    owner ? await invitesPanel(ctx, id, base) : null,
    chatsPanel(ctx, id, base, chats),
    routesPanel(ctx, id, routes, readOnlyReason(ctx, id, 'edit-routes'), waiting || [], fromChat || []),
    owner ? dangerPanel(ctx, g, version, base) : null);
  return section;
}

function settingsPanel(ctx, g, version, base) {
  const errors = h('div', {'aria-live': 'polite'});
  const name = h('input', {name: 'name', value: g.name, required: true, 'data-field': 'name', maxlength: 100});
  // any language tag the service has a dictionary or KV overrides for: the list only suggests the built-in ones
  const lang = h('input', {name: 'lang', value: g.lang || 'en', 'data-field': 'lang', list: 'group-langs', size: 8, maxlength: 35});
  const langs = h('datalist', {id: 'group-langs'}, ['en', 'zh'].map(l => h('option', {value: l})));
  const emoji = h('input', {type: 'checkbox', checked: g.emoji !== false, 'data-field': 'emoji'});
  const replay = h('input', {type: 'checkbox', checked: !!g.requireReplayProtection, 'data-field': 'requireReplayProtection'});
  const log = g.logTarget || {};
  const logPlatform = h('select', {id: 'log-platform', 'data-field': 'logTarget.platform'},
    [['', t('group.logNone')], ['discord', 'Discord'], ['telegram', 'Telegram']].map(([v, l]) => h('option', {value: v, selected: (log.platform || '') === v}, l)));
  const logChat = h('input', {id: 'log-chat', value: log.channelId || log.chatId || '', 'data-field': 'logTarget', size: 22, maxlength: 64,
    'aria-label': t('group.logChat')});
  const logThread = h('input', {id: 'log-thread', value: log.threadId || log.topicId || '', 'data-field': 'logTarget.threadId', size: 22,
    maxlength: 64, 'aria-label': t('group.logThread')});
  const members = h('tbody', {});
  const addMember = m => {
    const i = members.children.length;
    const row = h('tr', {},
      h('td', {}, h('input', {value: m.login || '', 'aria-label': t('group.login'), 'data-field': 'members[' + i + '].login', required: true, maxlength: 39})),
      h('td', {}, h('input', {value: m.userId || '', 'aria-label': t('group.userId'), 'data-field': 'members[' + i + '].userId', size: 10, inputmode: 'numeric'})),
      h('td', {}, h('select', {'aria-label': t('groups.role'), 'data-field': 'members[' + i + '].role'},
        ROLES.map(r => h('option', {value: r, selected: r === m.role}, r)))),
      h('td', {}, h('button', {type: 'button', onclick: () => row.remove()}, t('group.remove'))));
    members.append(row);
  };
  (g.members || []).forEach(addMember);
  // who a message mentions when it asks them to act: a GitHub login and their account on each chat platform
  const people = h('tbody', {id: 'group-people'});
  const addPerson = p => {
    const i = people.children.length;
    const cell = (key, label, size) => h('td', {}, h('input', {value: p[key] || '', 'aria-label': label, 'data-field': 'people[' + i + '].' + key,
      'data-key': key, size, maxlength: key === 'github' ? 39 : 64}));
    const row = h('tr', {}, cell('github', t('group.login'), 14), cell('discord', t('group.personDiscord'), 20),
      cell('telegram', t('group.personTelegram'), 14), cell('slack', t('group.personSlack'), 12),
      h('td', {}, h('button', {type: 'button', onclick: () => row.remove()}, t('group.remove'))));
    people.append(row);
  };
  (g.people || []).forEach(addPerson);
  // the sender gates only super admins set (an owner who could would reach other tenants' events)
  const owners = h('input', {id: 'group-owners', value: (g.owners || []).join(', '), 'data-field': 'owners', size: 40});
  const providers = ['github', 'gitea'].map(p => h('input', {type: 'checkbox', value: p, checked: (g.providers || []).includes(p), 'data-field': 'providers'}));
  const installation = h('input', {id: 'group-installation', value: g.installationId == null ? '' : String(g.installationId),
    'data-field': 'installationId', inputmode: 'numeric', size: 12});
  const globalWebhook = h('input', {type: 'checkbox', id: 'group-global', checked: !!g.globalWebhook, 'data-field': 'globalWebhook'});
  const forges = h('textarea', {id: 'group-forges', rows: 2, cols: 40, 'data-field': 'forgeSources'});
  forges.value = (g.forgeSources || []).map(f => [f.type, f.host, f.name || ''].join(' ').trim()).join('\n');
  const sources = h('fieldset', {id: 'group-sources'}, h('legend', {}, t('group.sources')),
    h('div', {class: 'checks'}, ...providers.map(c => field(c.value, c))), field(t('group.forges'), forges));
  const gates = ctx.me.isSuper ? h('fieldset', {id: 'group-gates'}, h('legend', {}, t('group.gates')),
    field(t('group.owners'), owners), field(t('group.installation'), installation),
    h('div', {class: 'checks'}, field(t('group.globalWebhook'), globalWebhook))) : null;
  const form = h('form', {class: 'stack', id: 'group-settings'},
    h('h2', {}, t('group.settings')),
    field(t('groups.name'), name), field(t('group.lang'), lang), langs,
    h('div', {class: 'checks'}, field(t('group.emoji'), emoji), field(t('group.replay'), replay)),
    h('fieldset', {}, h('legend', {}, t('group.logTarget')),
      h('div', {class: 'row'}, field(t('group.logPlatform'), logPlatform), field(t('group.logChat'), logChat), field(t('group.logThread'), logThread))),
    h('fieldset', {}, h('legend', {}, t('group.members')),
      h('table', {}, h('thead', {}, h('tr', {}, [t('group.login'), t('group.userId'), t('groups.role'), ''].map(c => h('th', {scope: 'col'}, c)))), members),
      h('button', {type: 'button', id: 'add-member', onclick: () => addMember({role: 'viewer'})}, t('group.addMember'))),
    h('fieldset', {}, h('legend', {}, t('group.people')), h('p', {class: 'help'}, t('group.peopleHelp')),
      h('table', {}, h('thead', {}, h('tr', {}, [t('group.login'), t('group.personDiscord'), t('group.personTelegram'), t('group.personSlack'), '']
        .map(c => h('th', {scope: 'col'}, c)))), people),
      h('button', {type: 'button', id: 'add-person', onclick: () => addPerson({})}, t('group.addPerson'))),
    sources, gates,
    h('button', {type: 'submit', class: 'primary'}, t('common.save')), errors);
  const logTargetOf = () => {
    const chat = logChat.value.trim();
    const thread = logThread.value.trim();
    if (!logPlatform.value || !chat) return null;
    // what the form does not show of the stored log target (nothing today, but a field added later) is kept
    const kept = log.platform === logPlatform.value ? {...log} : {};
    delete kept.channelId; delete kept.threadId; delete kept.chatId; delete kept.topicId;
    return logPlatform.value === 'discord'
      ? {...kept, platform: 'discord', channelId: chat, ...(thread ? {threadId: thread} : {})}
      : {...kept, platform: 'telegram', chatId: chat, ...(thread ? {topicId: thread} : {})};
  };
  form.addEventListener('submit', async e => {
    e.preventDefault();
    const body = {...g, name: name.value.trim(), lang: lang.value.trim() || 'en', emoji: emoji.checked, requireReplayProtection: replay.checked,
      logTarget: logTargetOf(),
      members: [...members.children].map(row => {
        const [login, userId, role] = row.querySelectorAll('input, select');
        return {login: login.value.trim(), role: role.value, ...(userId.value.trim() ? {userId: userId.value.trim()} : {})};
      })};
    delete body.id;
    body.people = [...people.children].map(row => Object.fromEntries([...row.querySelectorAll('input')]
      .map(input => [input.dataset.key, input.value.trim()]).filter(([, v]) => v !== '')))
      .filter(person => Object.keys(person).length > 0);
    body.providers = providers.filter(c => c.checked).map(c => c.value);
    body.forgeSources = forges.value.split('\n').map(l => l.trim()).filter(Boolean).map(l => {
      const [type, host, ...rest] = l.split(/\s+/);
      return {type, host, ...(rest.length ? {name: rest.join(' ')} : {})};
    });
    if (ctx.me.isSuper) {
      body.owners = owners.value.split(',').map(o => o.trim()).filter(Boolean);
      body.installationId = installation.value.trim() ? Number(installation.value.trim()) : null;
      body.globalWebhook = globalWebhook.checked;
    } else {
      // left out, the stored gates are kept
      GATES.forEach(k => delete body[k]);
    }
    try {
      await api.put(base, body, {ifMatch: version});
      ctx.refresh();
    } catch (err) {
      showError(errors, err, form);
    }
  });
  return applyReadOnly(form, readOnlyReason(ctx, g.id, 'edit-group'));
}

function webhookPanel(ctx, id, base) {
  const panel = h('section', {id: 'webhook'}, h('h2', {}, t('group.webhook')));
  const body = h('div', {});
  const status = h('div', {'aria-live': 'polite'});
  panel.append(body, status);
  const draw = async (secret) => {
    const info = await api.get(base + '/webhook');
    const overlap = h('select', {id: 'overlap'}, [['', t('group.overlapNone')], ['1h', '1 h'], ['24h', '24 h'], ['7d', '7 d']]
      .map(([v, l]) => h('option', {value: v}, l)));
    replace(body,
      h('dl', {class: 'facts'}, h('dt', {}, t('group.url')), h('dd', {}, h('code', {id: 'webhook-url'}, info.url))),
      h('p', {}, info.hasSecret ? t('group.secretSet') : t('group.noSecret')),
      secret ? h('div', {class: 'secret', role: 'alert'}, h('p', {}, t('group.secretOnce')),
        h('code', {id: 'webhook-secret'}, secret),
        h('button', {type: 'button', onclick: async () => { await navigator.clipboard?.writeText(secret); notice(status, t('group.copied')); }}, t('group.copy'))) : null,
      h('div', {class: 'row'},
        field(t('group.overlap'), overlap),
        h('button', {type: 'button', id: 'regenerate', onclick: async () => {
          // a new secret breaks every sender still signing with the old one (unless it overlaps): asked first
          if (info.hasSecret && !window.confirm(overlap.value ? t('group.regenerateConfirmOverlap') : t('group.regenerateConfirm'))) return;
          try {
            const answer = await api.post(base + '/webhook/regenerate', overlap.value ? {overlap: overlap.value} : {});
            draw(answer.secret);
          } catch (e) { showError(status, e); }
        }}, t('group.regenerate')),
        info.hasSecret ? h('button', {type: 'button', class: 'danger', onclick: async () => {
          try { await api.del(base + '/webhook'); draw(); } catch (e) { showError(status, e); }
        }}, t('group.disable')) : null));
  };
  draw();
  return panel;
}

async function invitesPanel(ctx, id, base) {
  const panel = h('section', {id: 'invites'}, h('h2', {}, t('group.invites')));
  const status = h('div', {'aria-live': 'polite'});
  const listBox = h('div', {});
  const draw = async () => {
    const {invites} = await api.get(base + '/invites');
    replace(listBox, table([
      {label: t('group.inviteRole'), value: i => i.role},
      {label: t('group.note'), value: i => i.note || ''},
      {label: t('group.expires'), value: i => formatTime(i.expiresAt)},
      {label: 'URL', value: i => h('code', {}, location.origin + '/admin/invite?token=' + i.token)},
      {label: '', value: i => h('button', {type: 'button', onclick: async () => {
        try { await api.del('/admin/api/invites/' + encodeURIComponent(i.token)); draw(); } catch (e) { showError(status, e); }
      }}, t('group.revoke'))},
    ], invites, t('common.none')));
  };
  const role = h('select', {id: 'invite-role', 'data-field': 'role'}, ['viewer', 'admin'].map(r => h('option', {value: r}, r)));
  const note = h('input', {id: 'invite-note', 'data-field': 'note', maxlength: 200});
  const form = h('form', {class: 'row', id: 'invite-form'}, field(t('group.inviteRole'), role), field(t('group.note'), note),
    h('button', {type: 'submit'}, t('group.invite')));
  form.addEventListener('submit', async e => {
    e.preventDefault();
    try {
      const answer = await api.post(base + '/invites', {role: role.value, note: note.value.trim() || undefined});
      replace(status, h('p', {class: 'notice', role: 'status'}, t('group.inviteCreated') + ' ',
        h('code', {id: 'invite-url'}, location.origin + answer.url)));
      draw();
    } catch (err) {
      showError(status, err, form);
    }
  });
  await draw();
  panel.append(form, status, listBox);
  return panel;
}

// Chats accept a group's messages once they claim it (/gh claim with a code from here) or a super admin approves
// them; claims are not configuration, so this panel works in sync mode too.
function chatsPanel(ctx, id, base, first) {
  const panel = h('section', {id: 'chats'}, h('h2', {}, t('chats.title')), h('p', {class: 'help'}, t('chats.help')));
  const status = h('div', {'aria-live': 'polite'});
  const lists = h('div', {});
  const admin = !readOnlyReason(ctx, id, 'edit-routes', false);
  const draw = async (known) => {
    const {claims, waiting} = known || await api.get(base + '/chats');
    replace(lists,
      h('h3', {}, t('chats.waiting')),
      table([
        {label: t('chats.platform'), value: w => w.platform},
        {label: t('chats.chat'), value: w => h('code', {}, w.chatId)},
        {label: t('chats.where'), value: w => w.routeId ? t('chats.route', {route: w.routeId, n: w.target + 1}) : t('chats.log')},
      ], waiting, t('chats.noneWaiting')),
      h('h3', {}, t('chats.claimed')),
      table([
        {label: t('chats.platform'), value: c => c.platform},
        {label: t('chats.chat'), value: c => h('code', {}, c.chatId + (c.chatName && c.chatName !== c.chatId ? ' ' + c.chatName : ''))},
        {label: t('chats.via'), value: c => t('chats.via.' + c.via) + (c.grantedBy ? ' (' + c.grantedBy + ')' : '')},
        {label: t('chats.since'), value: c => formatTime(c.createdAt)},
        {label: '', value: c => admin ? h('button', {type: 'button', class: 'revoke-chat', onclick: async () => {
          if (!confirm(t('chats.confirmRevoke', {chat: c.chatId}))) return;
          try {
            await api.del(base + '/chats/' + encodeURIComponent(c.platform) + '/' + encodeURIComponent(c.chatId));
            ctx.refresh(); // the routes say again which of their targets wait
          } catch (e) { showError(status, e); }
        }}, t('group.revoke')) : ''},
      ], claims, t('common.none')));
  };
  const codeButton = h('button', {type: 'button', id: 'claim-code', onclick: async () => {
    try {
      const answer = await api.post(base + '/chats/code', {});
      replace(status, h('div', {class: 'secret', role: 'status'}, h('p', {}, t('chats.codeHelp', {time: formatTime(answer.expiresAt)})),
        h('code', {id: 'claim-command'}, answer.command)));
    } catch (e) { showError(status, e); }
  }}, t('chats.code'));
  panel.append(status, lists);
  if (admin) panel.append(h('div', {class: 'row'}, codeButton));
  if (ctx.me.isSuper) {
    const platform = h('select', {id: 'approve-platform', 'data-field': 'platform'}, ['discord', 'telegram', 'slack'].map(p => h('option', {value: p}, p)));
    const chat = h('input', {id: 'approve-chat', 'data-field': 'chatId', maxlength: 64, required: true});
    const approve = h('form', {class: 'row', id: 'approve-chat-form'}, field(t('chats.platform'), platform), field(t('chats.chat'), chat),
      h('button', {type: 'submit'}, t('chats.approve')));
    approve.addEventListener('submit', async e => {
      e.preventDefault();
      try {
        await api.post(base + '/chats', {platform: platform.value, chatId: chat.value.trim()});
        ctx.refresh(); // the routes say again which of their targets wait
      } catch (err) { showError(status, err, approve); }
    });
    panel.append(approve);
  }
  draw(first);
  return panel;
}

function dangerPanel(ctx, g, version, base) {
  const status = h('div', {'aria-live': 'polite'});
  const newId = h('input', {id: 'new-id', 'data-field': 'newId', maxlength: 64});
  const rename = h('form', {class: 'row'}, field(t('group.newId'), newId), h('button', {type: 'submit'}, t('group.rename')));
  rename.addEventListener('submit', async e => {
    e.preventDefault();
    try {
      const answer = await api.post(base + '/rename', {newId: newId.value.trim()});
      ctx.navigate('/admin/groups/' + encodeURIComponent(answer.id));
    } catch (err) {
      showError(status, err, rename);
    }
  });
  const remove = h('button', {type: 'button', class: 'danger', onclick: async () => {
    if (!confirm(t('group.confirmDelete', {id: g.id}))) return;
    try {
      await api.del(base, {ifMatch: version});
      ctx.navigate('/admin/groups');
    } catch (err) {
      showError(status, err);
    }
  }}, t('group.delete'));
  const panel = h('section', {class: 'danger-zone'}, rename, remove, status);
  return applyReadOnly(panel, readOnlyReason(ctx, g.id, 'delete-group'));
}
