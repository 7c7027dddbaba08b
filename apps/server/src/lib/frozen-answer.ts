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

/** The zod serializer (fastify-type-provider-zod), keeping the text of the answers `frozenAnswer` marked. */
export const answerSerializerCompiler: typeof serializerCompiler = (route) => {
  const serialize = serializerCompiler(route);
  const texts = new WeakMap<object, string>();
  return (data: unknown) => {
    if (data === null || typeof data !== 'object' || !marked.has(data)) return serialize(data);
    let text = texts.get(data);
    if (text === undefined) {
      text = serialize(data);
      texts.set(data, text);
    }
    return text;
  };
};
