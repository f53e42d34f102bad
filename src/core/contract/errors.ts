// Errors carry a machine-readable `code` so that they survive a worker boundary (rebuilt by name in
// fromSerialized) and are turned into the contract's status_code/error in one place (toErrorBody).

export type ErrorCode =
  | 'bad_option' // an options value the contract does not allow
  | 'bad_page' // a selected page that the document does not have
  | 'unreadable_file' // not a PDF or image we can read: empty, truncated, corrupt
  | 'password_required' // encrypted and no password given
  | 'wrong_password'
  | 'unsupported' // a feature that needs something Tessera does not have (e.g. a vision backend)
  | 'cancelled'
  | 'internal';

const STATUS_OF: Record<ErrorCode, number> = {
  bad_option: 400,
  bad_page: 400,
  unreadable_file: 400,
  password_required: 400,
  wrong_password: 400,
  unsupported: 400,
  cancelled: 499,
  internal: 500,
};

export class TesseraError extends Error {
  override readonly name = 'TesseraError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Extra structured detail, e.g. every option problem with its key path. */
    readonly details?: unknown,
  ) {
    super(message);
  }

  get statusCode(): number {
    return STATUS_OF[this.code];
  }
}

export interface SerializedError {
  code: ErrorCode;
  message: string;
  details?: unknown;
}

export function serializeError(err: unknown): SerializedError {
  if (err instanceof TesseraError) return { code: err.code, message: err.message, details: err.details };
  const message = err instanceof Error ? err.message : String(err);
  return { code: 'internal', message };
}

export function fromSerialized(e: SerializedError): TesseraError {
  return new TesseraError(e.code, e.message, e.details);
}

export function isCancelled(err: unknown): boolean {
  return err instanceof TesseraError && err.code === 'cancelled';
}

/** The contract's in-body error: `error` is "<status>: <message>". */
export function toErrorBody(err: unknown): { status_code: number; error: string } {
  const e = err instanceof TesseraError ? err : new TesseraError('internal', serializeError(err).message);
  return { status_code: e.statusCode, error: `${e.statusCode}: ${e.message}` };
}
