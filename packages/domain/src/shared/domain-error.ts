/**
 * An expected failure raised by a domain rule. The code is one of the catalogue codes in
 * `contracts/errors` (the domain may not import it, so the server maps by code).
 */
export class DomainError extends Error {
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  constructor(code: string, message?: string, fields?: Record<string, string>) {
    super(message ?? code);
    this.name = 'DomainError';
    this.code = code;
    this.fields = fields;
  }
}
