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
  const [{group: g, version}, {routes, waiting}] = await Promise.all([api.get(base), api.get(base + '/routes')]);
  const owner = ctx.me.isSuper || ((ctx.me.capabilities || {})[id] || []).includes('edit-group');
  const section = h('section', {},
    h('h1', {tabindex: '-1'}, g.name + ' ', h('code', {}, g.id)),
    settingsPanel(ctx, g, version, base),
    owner ? webhookPanel(ctx, id, base) : null,
    owner ? await invitesPanel(ctx, id, base) : null,
    await chatsPanel(ctx, id, base),
    routesPanel(ctx, id, routes, readOnlyReason(ctx, id, 'edit-routes'), waiting || []),
    owner ? dangerPanel(ctx, g, version, base) : null);
  return section;
}

function settingsPanel(ctx, g, version, base) {
  const errors = h('div', {'aria-live': 'polite'});
  const name = h('input', {name: 'name', value: g.name, required: true, 'data-field': 'name', maxlength: 100});
  const lang = h('select', {name: 'lang', 'data-field': 'lang'}, ['en', 'zh'].map(l => h('option', {value: l, selected: (g.lang || 'en') === l}, l)));
  const emoji = h('input', {type: 'checkbox', checked: g.emoji !== false, 'data-field': 'emoji'});
  const replay = h('input', {type: 'checkbox', checked: !!g.requireReplayProtection, 'data-field': 'requireReplayProtection'});
  const logTarget = h('input', {value: g.logTarget && g.logTarget.platform === 'discord' ? g.logTarget.channelId : '', 'data-field': 'logTarget', size: 22});
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
  const form = h('form', {class: 'stack', id: 'group-settings'},
    h('h2', {}, t('group.settings')),
    field(t('groups.name'), name), field(t('group.lang'), lang),
    h('div', {class: 'checks'}, field(t('group.emoji'), emoji), field(t('group.replay'), replay)),
    field(t('group.logTarget'), logTarget),
    h('fieldset', {}, h('legend', {}, t('group.members')),
      h('table', {}, h('thead', {}, h('tr', {}, [t('group.login'), t('group.userId'), t('groups.role'), ''].map(c => h('th', {scope: 'col'}, c)))), members),
      h('button', {type: 'button', id: 'add-member', onclick: () => addMember({role: 'viewer'})}, t('group.addMember'))),
    h('button', {type: 'submit', class: 'primary'}, t('common.save')), errors);
  form.addEventListener('submit', async e => {
    e.preventDefault();
    const body = {...g, name: name.value.trim(), lang: lang.value, emoji: emoji.checked, requireReplayProtection: replay.checked,
      logTarget: logTarget.value.trim() ? {platform: 'discord', channelId: logTarget.value.trim()} : null,
      members: [...members.children].map(row => {
        const [login, userId, role] = row.querySelectorAll('input, select');
        return {login: login.value.trim(), role: role.value, ...(userId.value.trim() ? {userId: userId.value.trim()} : {})};
      })};
    delete body.id;
    if (!ctx.me.isSuper) GATES.forEach(k => delete body[k]);
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
async function chatsPanel(ctx, id, base) {
  const panel = h('section', {id: 'chats'}, h('h2', {}, t('chats.title')), h('p', {class: 'help'}, t('chats.help')));
  const status = h('div', {'aria-live': 'polite'});
  const lists = h('div', {});
  const admin = !readOnlyReason(ctx, id, 'edit-routes', false);
  const draw = async () => {
    const {claims, waiting} = await api.get(base + '/chats');
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
            draw();
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
        chat.value = '';
        notice(status, t('common.saved'));
        draw();
      } catch (err) { showError(status, err, approve); }
    });
    panel.append(approve);
  }
  await draw();
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
