import { AppError, isErrorCode } from '@sweepstack/contracts/errors';
import { DomainError } from '@sweepstack/domain/shared/domain-error';

/** Runs a pure domain check and turns its DomainError into the catalogue's AppError. */
export function check(fn: () => void): void {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError && isErrorCode(error.code)) {
      throw new AppError(error.code, error.fields ? { fields: error.fields } : {});
    }
    throw error;
  }
}
