import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@stellwerk/domain/language';
import type { FastifyRequest } from 'fastify';

/**
 * The language a response is written in: the signed-in user's language, else the best of the
 * `Accept-Language` header that the product speaks (de, en), else German.
 */
export const requestLanguage = (request: FastifyRequest): Language => {
  const own = request.sessionUser?.language;
  if (own) return own;
  return languageOfAcceptHeader(request.headers['accept-language']);
};

/** `en-US,en;q=0.9,de;q=0.8` -> 'en'. Ranges are ordered by q (stable for equal q); `*` is ignored. */
export const languageOfAcceptHeader = (header: string | undefined): Language => {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [range = '', ...attributes] = part.trim().split(';');
      const q = attributes.map((a) => a.trim()).find((a) => a.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return {
        base: range.trim().toLowerCase().split('-')[0] ?? '',
        weight: Number.isNaN(weight) ? 0 : weight,
        index,
      };
    })
    .filter((r) => r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  const match = ranked.find((r) => isLanguage(r.base));
  return match && isLanguage(match.base) ? match.base : DEFAULT_LANGUAGE;
};
