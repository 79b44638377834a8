// What every screen shows the same way: API errors (next to the field they name), notices, read-only reasons.
import {h, replace} from './dom.js';
import {t} from './i18n.js';

/**
 * Shows {@code error} in {@code box}; when it names a field and {@code form} has a control for it
 * (data-field), that control is marked invalid and the message is placed right after it. Every other field
 * the error lists ({@code errors}, from problem details) with a control in the form is marked with its own message.
 */
export function showError(box, error, form) {
  if (form) clearFieldErrors(form);
  const message = error.detail ? error.message + ': ' + error.detail : error.message;
  const control = form && error.field ? findControl(form, error.field) : null;
  if (control) {
    mark(control, message);
    for (const other of error.errors || []) {
      const more = other.field === error.field ? null : findControl(form, other.field);
      if (more && more !== control && !more.hasAttribute('aria-invalid')) mark(more, other.field + ': ' + other.message);
    }
    control.focus();
    if (box) replace(box);
    return;
  }
  if (box) replace(box, h('p', {class: 'error', role: 'alert'}, message));
}

function mark(control, message) {
  control.setAttribute('aria-invalid', 'true');
  const note = h('p', {class: 'field-error', role: 'alert'}, message);
  control.closest('.field, fieldset, .row')?.append(note) ?? control.after(note);
}

function findControl(form, fieldPath) {
  let path = fieldPath;
  while (path) {
    const found = form.querySelector('[data-field="' + CSS.escape(path) + '"]');
    if (found) return found;
    const cut = Math.max(path.lastIndexOf('.'), path.lastIndexOf('['));
    path = cut > 0 ? path.slice(0, cut) : '';
  }
  return null;
}

export function clearFieldErrors(form) {
  form.querySelectorAll('.field-error').forEach(n => n.remove());
  form.querySelectorAll('[aria-invalid]').forEach(n => n.removeAttribute('aria-invalid'));
}

export function notice(box, text) {
  replace(box, h('p', {class: 'notice', role: 'status'}, text));
}

/**
 * Why the caller may not change this (null when they may): a group of the config file in sync mode first, then the
 * role. Groups made in the console stay writable in sync mode.
 * {@code capability}: the admin API's capability name, e.g. "edit-routes".
 */
export function readOnlyReason(ctx, groupId, capability, configWrite = true) {
  if (configWrite && ctx.me.config && (ctx.me.config.fileGroups || []).includes(groupId)) {
    return t('common.readonly.sync', {file: ctx.me.config.file});
  }
  if (ctx.me.isSuper) return null;
  const granted = (ctx.me.capabilities || {})[groupId] || [];
  if (granted.includes(capability)) return null;
  const role = ctx.me.roles[groupId];
  if (role === 'viewer') return t('common.readonly.viewer');
  return t('common.readonly.role', {role: capability === 'edit-routes' || capability === 'replay-deliveries' ? 'admin' : 'owner'});
}

/** Disables every control in {@code root} and says why, when {@code reason} is set. */
export function applyReadOnly(root, reason) {
  if (!reason) return root;
  root.querySelectorAll('input, select, textarea, button').forEach(c => {
    if (!c.dataset.always) c.disabled = true;
  });
  root.prepend(h('p', {class: 'readonly', role: 'note'}, reason));
  return root;
}
