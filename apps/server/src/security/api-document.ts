import type { FastifyInstance } from 'fastify';

type Doc = { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { required?: string[] } }> } }>> };

/** The fields the app's OpenAPI document marks required in the JSON body of an operation. */
export function requiredFields(app: FastifyInstance, method: string, path: string): string[] {
  const doc = app.swagger() as unknown as Doc;
  return doc.paths[path]?.[method.toLowerCase()]?.requestBody?.content['application/json']?.schema.required ?? [];
}

/** A body naming every required field of the operation, empty (null): what a client clearing it sends. */
export function blankBody(app: FastifyInstance, method: string, path: string): Record<string, null> {
  return Object.fromEntries(requiredFields(app, method, path).map((field) => [field, null]));
}
