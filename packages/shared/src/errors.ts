/** One error vocabulary for the whole product; each code has one HTTP status. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  /** A price request from an account whose e-mail address is not verified yet. */
  EMAIL_NOT_VERIFIED: 403,
  /** A price request from an account awaiting trade approval, or refused it. */
  ACCOUNT_NOT_APPROVED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** An accept after the quote's rate validity: the metal rate it was priced at no longer holds. */
  RATE_EXPIRED: 409,
  /** A shared link that was revoked or has expired. */
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export type ErrorIssue = { path: string; message: string };

/** The JSON body of every error answer. */
export type ErrorBody = { message: string; code?: string; issues?: ErrorIssue[] };

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly issues?: ErrorIssue[];

  constructor(code: ErrorCode, message: string, issues?: ErrorIssue[]) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    if (issues) this.issues = issues;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const badRequest = (message: string, issues?: ErrorIssue[]) =>
  new AppError('BAD_REQUEST', message, issues);
