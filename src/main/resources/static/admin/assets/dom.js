// Small DOM helpers for the console. Everything shown is set as text or attributes, never parsed as HTML,
// so nothing an API answer contains can run as script.

/** h('button', {class: 'x', onclick: fn}, 'label', child…): an element; null and false children are skipped. */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') {
      el.addEventListener(name.slice(2), value);
    } else if (name === 'dataset') {
      Object.assign(el.dataset, value);
    } else if (value === true) {
      el.setAttribute(name, '');
    } else {
      el.setAttribute(name, String(value));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replaces the children of {@code el}. */
export function replace(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** A labelled form control: the label's for= points at the control, which gets the field name as data-field. */
export function field(label, control, help) {
  const id = control.id || ('f-' + Math.random().toString(36).slice(2, 9));
  control.id = id;
  const helpId = help ? id + '-help' : null;
  if (helpId) control.setAttribute('aria-describedby', helpId);
  return h('div', {class: 'field'},
    h('label', {for: id}, label),
    control,
    help ? h('small', {id: helpId, class: 'help'}, help) : null);
}

export function formatTime(ms) {
  if (ms === null || ms === undefined) return '–';
  const d = new Date(Number(ms));
  return d.toLocaleString();
}

/** A table of rows; columns: [{label, value: row => text or node}]. */
export function table(columns, rows, empty) {
  if (!rows || rows.length === 0) return h('p', {class: 'empty'}, empty);
  return h('table', {},
    h('thead', {}, h('tr', {}, columns.map(c => h('th', {scope: 'col'}, c.label)))),
    h('tbody', {}, rows.map(row => h('tr', {}, columns.map(c => h('td', {}, c.value(row)))))));
}
