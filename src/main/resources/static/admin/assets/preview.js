// Previews of what a platform would show: a Discord embed laid out as Discord lays it out, and a Telegram
// message from its HTML, of which only Telegram's own tags are kept (rebuilt element by element, so no markup
// outside that list reaches the page).
import {h} from './dom.js';

export function discordPreview(body) {
  const embeds = (body && body.embeds) || [];
  return h('div', {class: 'discord'},
    body && body.content ? h('p', {class: 'discord-content'}, body.content) : null,
    embeds.map(e => colored(h('div', {class: 'discord-embed'},
      e.author ? h('div', {class: 'discord-author'}, e.author.name || '') : null,
      e.title ? (e.url ? h('a', {class: 'discord-title', href: safeUrl(e.url), rel: 'noopener noreferrer', target: '_blank'}, e.title)
        : h('div', {class: 'discord-title'}, e.title)) : null,
      e.description ? h('div', {class: 'discord-description'}, markdown(e.description)) : null,
      (e.fields || []).length ? h('div', {class: 'discord-fields'}, e.fields.map(f =>
        h('div', {class: 'discord-field' + (f.inline ? ' inline' : '')}, h('div', {class: 'discord-field-name'}, f.name),
          h('div', {class: 'discord-field-value'}, markdown(f.value))))) : null,
      e.footer ? h('div', {class: 'discord-footer'}, e.footer.text || '') : null), e.color)),
    (body && body.components || []).length ? h('div', {class: 'discord-buttons'},
      body.components.flatMap(row => row.components || []).map(b => h('span', {class: 'discord-button'}, b.label || ''))) : null);
}

// The part of Discord's markdown our messages use: [text](url) links, `code`, **bold**, *italic* and
// __underline__, ~~strike~~. Built as nodes, so nothing in the text can become markup.
const MARKDOWN = /\[([^\]]+)\]\((https?:\/\/[^)\s]+)\)|`([^`]+)`|\*\*([^*]+)\*\*|__([^_]+)__|~~([^~]+)~~|\*([^*]+)\*/g;

export function markdown(text) {
  const nodes = [];
  let last = 0;
  for (const m of String(text || '').matchAll(MARKDOWN)) {
    if (m.index > last) nodes.push(text.slice(last, m.index));
    if (m[1] !== undefined) nodes.push(h('a', {href: m[2], rel: 'noopener noreferrer', target: '_blank'}, markdown(m[1])));
    else if (m[3] !== undefined) nodes.push(h('code', {}, m[3]));
    else if (m[4] !== undefined) nodes.push(h('strong', {}, markdown(m[4])));
    else if (m[5] !== undefined) nodes.push(h('u', {}, markdown(m[5])));
    else if (m[6] !== undefined) nodes.push(h('s', {}, markdown(m[6])));
    else nodes.push(h('em', {}, markdown(m[7])));
    last = m.index + m[0].length;
  }
  if (last < String(text || '').length) nodes.push(text.slice(last));
  return nodes;
}

/** The embed's side bar in its colour (set through the CSSOM, which the page's style policy allows). */
function colored(el, color) {
  if (Number.isInteger(color)) el.style.borderLeftColor = '#' + color.toString(16).padStart(6, '0');
  return el;
}

const TELEGRAM_TAGS = new Set(['b', 'strong', 'i', 'em', 'u', 'ins', 's', 'strike', 'del', 'a', 'code', 'pre', 'blockquote', 'tg-spoiler', 'span']);

/** A webhook target's body, as the JSON it is posted as (shown as text: nothing in it becomes markup). */
export function webhookPreview(rendered) {
  let text = rendered.body || '';
  try {
    text = JSON.stringify(JSON.parse(text), null, 2);
  } catch (e) {
    // not JSON after all: shown as it is
  }
  return h('pre', {class: 'webhook-body'}, text);
}

export function telegramPreview(rendered) {
  const html = rendered.method === 'sendPhoto' ? rendered.caption : rendered.text;
  const box = h('div', {class: 'telegram'});
  if (rendered.photoUrl) box.append(h('div', {class: 'telegram-photo'}, '🖼 ' + rendered.photoUrl));
  const doc = new DOMParser().parseFromString('<body>' + (html || '') + '</body>', 'text/html');
  const message = h('div', {class: 'telegram-text'});
  copySafe(doc.body, message);
  box.append(message);
  return box;
}

function copySafe(from, to) {
  for (const node of from.childNodes) {
    if (node.nodeType === Node.TEXT_NODE) {
      to.append(document.createTextNode(node.textContent));
    } else if (node.nodeType === Node.ELEMENT_NODE) {
      const tag = node.tagName.toLowerCase();
      if (!TELEGRAM_TAGS.has(tag)) {
        copySafe(node, to);
        continue;
      }
      const el = document.createElement(tag === 'tg-spoiler' ? 'span' : tag);
      if (tag === 'a' && node.getAttribute('href')) {
        el.setAttribute('href', safeUrl(node.getAttribute('href')));
        el.setAttribute('rel', 'noopener noreferrer');
        el.setAttribute('target', '_blank');
      }
      if (tag === 'tg-spoiler') el.className = 'spoiler';
      copySafe(node, el);
      to.append(el);
    }
  }
}

function safeUrl(url) {
  return /^https?:\/\//i.test(url || '') ? url : '#';
}
