import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A JSON answer serialized once and reused, with its strong ETag. */
export interface JsonText {
  json: string;
  etag: string;
}

export function jsonText(value: unknown): JsonText {
  const json = JSON.stringify(value);
  return { json, etag: `"${createHash('sha256').update(json).digest('hex').slice(0, 32)}"` };
}

/** True when the request's If-None-Match names this ETag (then answer 304 without a body). */
export function etagMatches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Sends pre-serialized JSON (Fastify sends a string with a JSON content type as it is) with its
 * ETag and Cache-Control, or 304 when the client already has it.
 */
export function sendJsonText(request: FastifyRequest, reply: FastifyReply, text: JsonText, cacheControl: string): FastifyReply {
  reply.header('etag', text.etag).header('cache-control', cacheControl);
  if (etagMatches(request, text.etag)) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(text.json);
}

/**
 * Sends JSON that is already serialized (the route's response schema still documents its shape). A
 * buffer (an answer kept to be sent many times) goes out as it is: no length to count and no text to
 * encode on each send.
 */
export function sendRawJson(reply: FastifyReply, json: string | Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
