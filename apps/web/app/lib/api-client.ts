/**
 * The browser's one way to call `/api`: the bearer token from storage ("Authorised calls
 * send a bearer authorisation header"), JSON in and out, and one error type that carries the
 * server's `{message, code, issues}`. A 401 to a call that carried a token means the session is
 * gone: the stored session is forgotten (the local enquiry list is kept) and every `useSession`
 * in the page hears of it.
 */

/** Local storage keys of the signed-in visitor. */
export const SESSION_KEYS = ['token', 'userId', 'role'] as const;

/** Fired on `window` whenever this tab stores or forgets the session. */
export const SESSION_EVENT = 'catalogue:session';

export type StoredSession = { token: string; userId: string; role: string };

export type ApiIssue = { path: string; message: string };

export class ApiError extends Error {
  /** HTTP status; 0 when no answer arrived (offline, aborted, server unreachable). */
  readonly status: number;
  readonly code: string | undefined;
  readonly issues: ApiIssue[];

  constructor(status: number, message: string, code?: string, issues: ApiIssue[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.issues = issues;
  }
}

/** The server's reason for a failed call, or `fallback` when no answer arrived (or the failure was not a call's). */
export function serverReason(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status !== 0 ? error.message : fallback;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function announce() {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(SESSION_EVENT));
}

export function readStoredSession(): StoredSession | null {
  const store = storage();
  const token = store?.getItem('token');
  if (!store || !token) return null;
  return { token, userId: store.getItem('userId') ?? '', role: store.getItem('role') ?? '' };
}

export function storeSession(session: StoredSession) {
  const store = storage();
  if (!store) return;
  store.setItem('token', session.token);
  store.setItem('userId', session.userId);
  store.setItem('role', session.role);
  announce();
}

/** Forgets token, userId and role; the enquiry list (`cart`) is the caller's business. */
export function clearStoredSession() {
  const store = storage();
  for (const key of SESSION_KEYS) store?.removeItem(key);
  announce();
}

export type ApiRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A JSON body. */
  json?: unknown;
  /** A multipart body. */
  form?: FormData;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Called with 0..1 while a body uploads; switches the transport to XMLHttpRequest. */
  onUploadProgress?: (fraction: number) => void;
  /** Milliseconds before the call gives up with status 0. */
  timeoutMs?: number;
  /** Replaces `fetch` in tests. */
  fetcher?: typeof fetch;
};

type RawAnswer = { status: number; text: string };

function errorOf(answer: RawAnswer): ApiError {
  let body: { message?: unknown; code?: unknown; issues?: unknown } = {};
  try {
    body = JSON.parse(answer.text) as typeof body;
  } catch {
    // A proxy's HTML error page or an empty body: the status alone speaks.
  }
  const message = typeof body.message === 'string' ? body.message : `Server error: ${answer.status}`;
  const issues = Array.isArray(body.issues) ? (body.issues as ApiIssue[]) : [];
  return new ApiError(answer.status, message, typeof body.code === 'string' ? body.code : undefined, issues);
}

function sendWithProgress(
  url: string,
  init: { method: string; headers: Record<string, string>; body: XMLHttpRequestBodyInit | null },
  options: ApiRequestOptions,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, url);
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    if (options.timeoutMs) xhr.timeout = options.timeoutMs;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onUploadProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    const fail = () => reject(new ApiError(0, 'No response from server. Please try again.'));
    xhr.onerror = fail;
    xhr.ontimeout = fail;
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(init.body);
  });
}

async function sendWithFetch(
  url: string,
  init: { method: string; headers: Record<string, string>; body: BodyInit | null },
  options: ApiRequestOptions,
): Promise<RawAnswer> {
  const signals = [options.signal, options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined];
  const active = signals.filter((s): s is AbortSignal => Boolean(s));
  let response: Response;
  try {
    response = await (options.fetcher ?? fetch)(url, {
      ...init,
      credentials: 'same-origin',
      signal: active.length ? AbortSignal.any(active) : null,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, 'No response from server. Please try again.');
  }
  return { status: response.status, text: await response.text() };
}

/**
 * Calls `/api{path}` and answers the parsed JSON (undefined for 204). Any status outside 2xx
 * throws an ApiError carrying the server's message.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const session = readStoredSession();
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (session) headers.authorization = `Bearer ${session.token}`;
  let body: BodyInit | null = null;
  if (options.form) body = options.form;
  else if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const init = { method: options.method ?? (body ? 'POST' : 'GET'), headers, body };
  const url = path.startsWith('/api') ? path : `/api${path}`;
  const answer = options.onUploadProgress
    ? await sendWithProgress(url, init as Parameters<typeof sendWithProgress>[1], options)
    : await sendWithFetch(url, init, options);

  if (answer.status === 401 && session) clearStoredSession();
  if (answer.status < 200 || answer.status > 299) throw errorOf(answer);
  if (answer.status === 204 || !answer.text) return undefined as T;
  return JSON.parse(answer.text) as T;
}

/**
 * The shape check `getJson` needs from a schema: a zod schema of `@catalogue/shared/schemas`
 * fits it as it is, without this app depending on zod itself.
 */
export type AnswerSchema<T> = {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
};

/** The `code` of the ApiError thrown for a 2xx answer that does not match its endpoint's schema. */
export const MALFORMED_ANSWER = 'MALFORMED_ANSWER';

/**
 * GETs `/api{path}` and checks the answer against the endpoint's shared schema (`checkAnswer`):
 * what the caller receives is what the schema promises, never an unchecked guess.
 */
export async function getJson<T>(
  path: string,
  schema: AnswerSchema<T>,
  options: Omit<ApiRequestOptions, 'method' | 'json' | 'form' | 'onUploadProgress'> = {},
): Promise<T> {
  return checkAnswer(await apiRequest<unknown>(path, { ...options, method: 'GET' }), schema);
}

/**
 * Checks an answer of `apiRequest` (a write's answer the screen goes on to read) against the
 * endpoint's shared schema and answers what the schema promises (unknown fields dropped). An
 * answer of another shape throws an ApiError with the code `MALFORMED_ANSWER`, a message naming
 * the first field that is wrong and every mismatch as issues.
 */
export function checkAnswer<T>(answer: unknown, schema: AnswerSchema<T>): T {
  const parsed = schema.safeParse(answer);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  const first = issues[0];
  const where = first ? ` (${first.path || 'the answer'}: ${first.message})` : '';
  throw new ApiError(
    200,
    `The server's answer was not in the expected form${where}.`,
    MALFORMED_ANSWER,
    issues,
  );
}
