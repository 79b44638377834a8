// Route tester: a payload (pasted, or one of the samples) through the configuration in force, without
// sending anything: which routes fire with a preview per target, and why each other route does not.
import {h, field, replace, table} from '../dom.js';
import {t} from '../i18n.js';
import {api} from '../api.js';
import {showError} from '../ui.js';
import {discordPreview, telegramPreview, webhookPreview} from '../preview.js';

// the sample events are the service's own (a route's template is checked against the same ones when it is saved)
let loaded = null;
async function samples() {
  if (!loaded) loaded = await (await fetch('/admin/assets/samples.json', {credentials: 'same-origin'})).json();
  return loaded;
}

export async function tester(ctx) {
  const SAMPLES = await samples();
  const sample = h('select', {id: 'sample'}, h('option', {value: ''}, '—'), Object.keys(SAMPLES).map(k => h('option', {value: k}, k)));
  const event = h('input', {id: 'tester-event', name: 'event', value: 'push', required: true, 'data-field': 'event'});
  const payload = h('textarea', {id: 'tester-payload', name: 'payload', rows: 14, cols: 80, 'data-field': 'payload', spellcheck: 'false'},
    JSON.stringify(SAMPLES.push.payload, null, 2));
  const group = h('select', {id: 'tester-group', name: 'groupId', 'data-field': 'groupId'}, h('option', {value: ''}, t('tester.any')),
    Object.keys(ctx.me.roles).map(id => h('option', {value: id}, id)));
  sample.addEventListener('change', () => {
    const s = SAMPLES[sample.value];
    if (!s) return;
    event.value = s.event;
    payload.value = JSON.stringify(s.payload, null, 2);
  });
  const errors = h('div', {});
  const result = h('div', {id: 'tester-result', 'aria-live': 'polite'});
  const form = h('form', {class: 'stack'},
    field(t('tester.sample'), sample), field(t('tester.event'), event), field(t('tester.payload'), payload),
    field(t('tester.group'), group), h('button', {type: 'submit', class: 'primary'}, t('tester.run')));
  form.addEventListener('submit', async e => {
    e.preventDefault();
    let parsed;
    try {
      parsed = JSON.parse(payload.value);
    } catch (err) {
      replace(result);
      showError(errors, {message: 'Invalid JSON', detail: 'payload: ' + err.message, field: 'payload'}, form);
      return;
    }
    try {
      const answer = await api.post('/admin/api/dry-run', {event: event.value.trim(), payload: parsed, groupId: group.value || undefined});
      replace(errors);
      show(result, answer);
    } catch (err) {
      // a result under a new error would read as the answer to this run
      replace(result);
      showError(errors, err, form);
    }
  });
  return h('section', {}, h('h1', {tabindex: '-1'}, t('tester.title')), form, errors, result);
}

function show(box, answer) {
  replace(box, h('h2', {}, t('tester.fires')),
    answer.routes.length === 0 ? h('p', {class: 'empty'}, t('tester.none', {why: answer.whyNone || ''})) : null,
    answer.routes.map(r => h('article', {class: 'fired', dataset: {route: r.id}},
      h('h3', {}, (r.groupId ? r.groupId + ' / ' : '') + (r.name || r.id)),
      r.targets.map(target => {
        const platform = String(target.target.platform).toLowerCase();
        const where = (target.target.webhook || {}).url || target.target.uri || target.target.channelId || target.target.chatId;
        return h('div', {class: 'preview'},
          h('h4', {}, t('tester.' + platform), ' · ', where || ''),
          target.renderError ? h('p', {class: 'error'}, target.renderError)
            : platform === 'discord' ? discordPreview(target.rendered.body)
            : platform === 'webhook' || platform === 'camel' ? webhookPreview(target.rendered)
            : platform === 'slack' || platform === 'teams' ? webhookPreview({body: JSON.stringify(target.rendered.body)})
            : telegramPreview(target.rendered));
      }))),
    h('h2', {}, t('tester.skipped')),
    table([
      {label: t('logs.route'), value: s => (s.groupId ? s.groupId + ' / ' : '') + (s.name || s.id)},
      {label: '', value: s => s.reason},
    ], answer.skipped, t('common.none')));
}
