// One send attempt's request and the platform's answer, as the delivery view and a send log's detail show it:
// folded under a line that says which attempt it was. Bodies that are JSON are indented; a cut one is shown as it is.
import {h, formatTime} from '../dom.js';
import {t} from '../i18n.js';

/** The request and answer of {@code attempt} (a send log row with its {@code call}); {@code open} unfolds it. */
export function call(attempt, open = false) {
  const c = attempt.call;
  const headers = Object.entries(c.request.headers || {}).map(([name, value]) => name + ': ' + value).join('\n');
  return h('details', {class: 'call', dataset: {log: attempt.id}, open},
    h('summary', {}, formatTime(attempt.ts) + ' · ' + (attempt.platform || '') + ' ' + attempt.target + ' · '
      + c.request.method + ' ' + c.request.url + (c.answer ? ' → ' + c.answer.status : ' → ' + t('deliveries.noAnswer'))),
    h('h3', {}, t('deliveries.request')),
    h('pre', {class: 'request', tabindex: 0}, [c.request.method + ' ' + c.request.url, headers, '', pretty(c.request.body)].filter(x => x !== null).join('\n')),
    h('h3', {}, t('deliveries.answer')),
    c.answer ? h('pre', {class: 'answer', tabindex: 0}, 'HTTP ' + c.answer.status + '\n\n' + pretty(c.answer.body)) : h('p', {}, t('deliveries.noAnswer')));
}

function pretty(text) {
  if (!text) return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch (e) {
    return text; // cut short, or not JSON: as it was
  }
}

