// The console's only way to the service: the public admin API. Every call is same-origin, so the browser
// sends the session cookie and, on writes, the Origin header the service checks (its CSRF proof). A 401
// means the session has ended: back to sign-in, and then to this very page.

export class ApiError extends Error {
  // The body is RFC 9457 problem details (title, detail, field, errors) when the service could answer so, else the
  // first shape (error, detail, field); either names the field it refuses, so nothing is guessed from the text.
  constructor(status, body) {
    super((body && (body.title || body.error)) || ('HTTP ' + status));
    this.status = status;
    this.body = body || {};
    this.detail = this.body.detail || '';
    this.errors = Array.isArray(this.body.errors) ? this.body.errors.filter(e => e && e.field) : [];
    this.field = this.body.field || (this.errors[0] && this.errors[0].field) || '';
  }
}

/** Errors as problem details first; other answers as JSON (or what the call asks for). */
const PROBLEMS = 'application/problem+json';

export function signInUrl() {
  return '/admin/login?redirect=' + encodeURIComponent(location.pathname + location.search);
}

async function call(method, path, body, options = {}) {
  const headers = {'Accept': PROBLEMS + ', application/json'};
  let payload;
  if (body !== undefined) {
    if (options.contentType) {
      headers['Content-Type'] = options.contentType;
      payload = body;
    } else {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
  }
  if (options.ifMatch !== undefined && options.ifMatch !== null) headers['If-Match'] = String(options.ifMatch);
  if (options.accept) headers['Accept'] = PROBLEMS + ', ' + options.accept;
  const response = await fetch(path, {method, headers, body: payload, credentials: 'same-origin'});
  if (response.status === 401) {
    sessionStorage.setItem('webhooker.lost', '1');
    location.assign(signInUrl());
    throw new ApiError(401, {error: 'Unauthorized'});
  }
  const type = response.headers.get('Content-Type') || '';
  const data = type.includes('json') ? await response.json() : await response.text();
  if (!response.ok) throw new ApiError(response.status, typeof data === 'string' ? {error: data} : data);
  return options.withHeaders ? {data, headers: response.headers} : data;
}

export const api = {
  get: (path, options) => call('GET', path, undefined, options),
  post: (path, body, options) => call('POST', path, body === undefined ? {} : body, options),
  put: (path, body, options) => call('PUT', path, body, options),
  del: (path, options) => call('DELETE', path, undefined, options),
};

/** Query string of the set values of {@code params}. */
export function query(params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v !== undefined && v !== null && v !== '') q.set(k, v);
  }
  const s = q.toString();
  return s ? '?' + s : '';
}
