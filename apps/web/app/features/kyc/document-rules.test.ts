import { describe, expect, it } from 'vitest';
import { documentProblem, MAX_DOCUMENT_BYTES } from './document-rules';

describe('documentProblem', () => {
  it('accepts the four kinds up to 15 MB', () => {
    expect(documentProblem({ name: 'id.pdf', type: 'application/pdf', size: 1000 })).toBeNull();
    expect(documentProblem({ name: 'scan', type: 'image/png', size: MAX_DOCUMENT_BYTES })).toBeNull();
    expect(documentProblem({ name: 'photo.JPG', type: '', size: 10 })).toBeNull();
  });
  it('refuses other kinds, empty and oversized files', () => {
    expect(documentProblem({ name: 'setup.exe', type: 'application/x-msdownload', size: 10 })).toBe('type');
    expect(documentProblem({ name: 'a.pdf', type: 'application/pdf', size: 0 })).toBe('type');
    expect(documentProblem({ name: 'a.pdf', type: 'application/pdf', size: MAX_DOCUMENT_BYTES + 1 })).toBe('size');
  });
});
