import { serializerCompiler } from 'fastify-type-provider-zod';

/**
 * Answers that do not change until what they are made of changes, built once and frozen (issue 15):
 * a person's own record, made from the session row the session cache keeps (lib/session-cache.ts),
 * is the same for every request of theirs until a change replaces that row. `frozenAnswer` freezes
 * a value deeply and marks it; the app's serializer keeps, per route, the text of a marked answer,
 * so that the next request sending the same object is answered without checking and writing it
 * again. Frozen, no caller can change what a later request answers (strict mode throws).
 */
const marked = new WeakSet<object>();

function freezeDeeply(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const inner of Object.values(value)) freezeDeeply(inner);
}

export function frozenAnswer<T extends object>(value: T): T {
  freezeDeeply(value);
  marked.add(value);
  return value;
}

/**
 * The zod serializer (fastify-type-provider-zod), keeping the text of the answers `frozenAnswer`
 * marked, as UTF-8 bytes: Fastify sends a buffer as it is (its length is its content-length),
 * where a text is measured and encoded again for every request (issue 15: a page of subjects is
 * 10 KB).
 */
export const answerSerializerCompiler: typeof serializerCompiler = (route) => {
  const serialize = serializerCompiler(route);
  const written = new WeakMap<object, Buffer>();
  const serializeKeeping = (data: unknown): string | Buffer => {
    if (data === null || typeof data !== 'object' || !marked.has(data)) return serialize(data);
    let bytes = written.get(data);
    if (bytes === undefined) {
      bytes = Buffer.from(serialize(data));
      written.set(data, bytes);
    }
    return bytes;
  };
  // (Fastify takes a buffer from a serializer as it takes one from a handler; the type says text)
  return serializeKeeping as (data: unknown) => string;
};
