import { AppError } from '@sweepstack/contracts/errors';
import type { PlayerDocument } from '@sweepstack/contracts/kyc/player-document';
import { countPendingDocuments, type DocumentRow, findDocument, insertDocument, listPlayerDocuments } from '@sweepstack/db/kyc/repository';
import type { Database } from '@sweepstack/db/schema';
import type { Clock } from '@sweepstack/domain/shared/clock';
import type { Kysely } from 'kysely';
import { detectDocumentKind, documentContentIsSafe } from './document-types';
import type { DocumentStorage } from './document-storage';

export const DOCUMENT_ACCEPTED_HINT = 'We accept PDF, GIF, JPG, and PNG files no larger than 15 MB';
export const DOCUMENT_UPLOADED_MESSAGE = 'Document uploaded successfully';
/** Documents a player may have waiting for review at once (disk space is not unlimited). */
export const MAX_PENDING_DOCUMENTS = 10;

export type { DocumentRow };

export function documentView(row: DocumentRow): PlayerDocument {
  return {
    id: Number(row.id),
    name: row.original_name,
    contentType: row.content_type,
    sizeBytes: Number(row.size_bytes),
    status: row.status,
    rejectReason: row.reject_reason,
    uploadedAtMs: Number(row.created_at_ms),
    reviewedAtMs: row.reviewed_at_ms === null ? null : Number(row.reviewed_at_ms),
  };
}

export function documentRejected(status: 'KYC_DOCUMENT_REJECTED' | 'KYC_DOCUMENT_TOO_LARGE' = 'KYC_DOCUMENT_REJECTED'): AppError {
  return new AppError(status, { fields: { file: DOCUMENT_ACCEPTED_HINT } });
}

/** A display name without paths or control characters, at most 120 characters. */
function cleanName(name: string | undefined, extension: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(/[^\p{L}\p{N} ._()-]/gu, '').trim().slice(0, 100);
  return cleaned.length > 0 ? cleaned : `document.${extension}`;
}

/** Stores an upload whose kind is known from its content; the row points at the stored bytes. */
export async function saveDocument(
  db: Kysely<Database>,
  storage: DocumentStorage,
  clock: Clock,
  playerId: number,
  upload: { bytes: Buffer; filename: string | undefined },
): Promise<PlayerDocument> {
  const kind = detectDocumentKind(upload.bytes);
  if (!kind || !(await documentContentIsSafe(upload.bytes, kind))) throw documentRejected();
  if ((await countPendingDocuments(db, playerId)) >= MAX_PENDING_DOCUMENTS) throw new AppError('KYC_DOCUMENT_LIMIT_REACHED');
  const key = await storage.put(playerId, upload.bytes, kind.extension);
  try {
    const row = await insertDocument(db, {
        player_id: playerId,
        storage_key: key,
        content_type: kind.contentType,
        size_bytes: upload.bytes.length,
        original_name: cleanName(upload.filename, kind.extension),
        status: 'pending',
        reject_reason: null,
        reviewed_by_operator_id: null,
        reviewed_at_ms: null,
        created_at_ms: clock.nowMs(),
    });
    return documentView(row);
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
}

export async function listDocuments(db: Kysely<Database>, playerId: number): Promise<PlayerDocument[]> {
  return (await listPlayerDocuments(db, playerId)).map(documentView);
}

/** One of the player's own documents; another player's id is NOT_FOUND (no hint that it exists). */
export async function findOwnDocument(db: Kysely<Database>, playerId: number, documentId: number): Promise<DocumentRow> {
  const row = await findDocument(db, documentId, playerId);
  if (!row) throw new AppError('KYC_DOCUMENT_NOT_FOUND');
  return row;
}
