/** Error codes shared by main and renderer: they survive the IPC boundary where exceptions would not. */
export const ERROR_CODES = [
  'invalid_request',
  'unknown_channel',
  'forbidden_sender',
  'invalid_url',
  'insecure_url',
  'not_configured',
  'unauthorized',
  'forbidden',
  'unreachable',
  'timeout',
  'rate_limited',
  'server_error',
  'bad_response',
  'too_large',
  'not_found',
  'validation',
  'vault_unavailable',
  'demo_failed',
  'internal',
  'closing',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface AppError {
  code: ErrorCode;
  message: string;
  /** Field-level messages, keyed by field path (e.g. "baseUrl", "order_items.0.quantity"). */
  fields?: Record<string, string[]>;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

/** Thrown inside main; turned into {ok:false, error} at the IPC boundary. */
export class AppFailure extends Error {
  readonly code: ErrorCode;
  readonly fields?: Record<string, string[]>;

  constructor(code: ErrorCode, message: string, fields?: Record<string, string[]>) {
    super(message);
    this.name = 'AppFailure';
    this.code = code;
    this.fields = fields;
  }

  toError(): AppError {
    return this.fields
      ? { code: this.code, message: this.message, fields: this.fields }
      : { code: this.code, message: this.message };
  }
}
