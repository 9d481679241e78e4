/** HTTP details shared by the routes: Laravel-like error bodies (JSON only when asked for), status texts. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';

export function wantsJson(req: FastifyRequest): boolean {
  const accept = req.headers.accept ?? '';
  return /application\/json|\+json/i.test(accept);
}

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function htmlPage(status: number, message: string): string {
  const title = `${status} ${STATUS_CODES[status] ?? 'Error'}`;
  return (
    `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
    `<body><div class="flex-center"><div class="code">${status}</div><div class="message">${escapeHtml(message)}</div></div></body></html>\n`
  );
}

export function sendError(
  req: FastifyRequest,
  reply: FastifyReply,
  status: number,
  message: string,
  extra: Record<string, unknown> = {},
): FastifyReply {
  reply.code(status);
  if (wantsJson(req)) return reply.type('application/json').send(JSON.stringify({ message, ...extra }));
  return reply.type('text/html; charset=UTF-8').send(htmlPage(status, message));
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
