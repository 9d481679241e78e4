import type { BaseUrlCheck } from './url';

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
  // added for issue #15: each comes with facts; the renderer words them
  'signed_out',
  'token_for_other_address',
  'data_folder_in_use',
  'erase_needs_confirmation',
  // issue #26: 410, the service says the record was removed (404: it does not know it)
  'gone',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface AppError {
  code: ErrorCode;
  /** English, for the developer's log (#28.5): never shown; the renderer words the code and its facts. */
  message: string;
  /** Field-level messages, keyed by field path (e.g. "baseUrl", "order_items.0.quantity"). */
  fields?: Record<string, string[]>;
  /** The facts behind a code (ids, counts, reasons as codes), for the renderer to word. */
  facts?: Record<string, string | number | null>;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

/** Thrown inside main; turned into {ok:false, error} at the IPC boundary. */
export class AppFailure extends Error {
  readonly code: ErrorCode;
  readonly fields?: Record<string, string[]>;
  readonly facts?: Record<string, string | number | null>;

  constructor(
    code: ErrorCode,
    message: string,
    fields?: Record<string, string[]>,
    facts?: Record<string, string | number | null>,
  ) {
    super(message);
    this.name = 'AppFailure';
    this.code = code;
    this.fields = fields;
    this.facts = facts;
  }

  toError(): AppError {
    return {
      code: this.code,
      message: this.message,
      ...(this.fields ? { fields: this.fields } : {}),
      ...(this.facts ? { facts: this.facts } : {}),
    };
  }
}

/** An address the check refused, as the error of the field it was typed in: the reason and scheme as facts to word. */
export const refusedAddress = (check: Extract<BaseUrlCheck, { ok: false }>, field: string): AppFailure =>
  new AppFailure(
    check.code,
    check.message,
    { [field]: [check.message] },
    { field, reason: check.reason, scheme: check.scheme ?? null },
  );
