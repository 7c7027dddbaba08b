import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ok, signIn, type Client, type TestApp } from '../../test/helpers';
import { answerSerializerCompiler, frozenAnswer } from './frozen-answer';

describe('frozen answers (issue 15)', () => {
  it('freezes an answer deeply: no caller can change what a later request answers', () => {
    const answer = frozenAnswer({ name: 'Amina', roles: ['HR'], children: [{ name: 'Paul' }] });
    expect(Object.isFrozen(answer) && Object.isFrozen(answer.roles) && Object.isFrozen(answer.children[0])).toBe(true);
    expect(() => {
      (answer as { name: string }).name = 'changed';
    }).toThrow(TypeError);
    expect(() => answer.children.push({ name: 'another' })).toThrow(TypeError);
  });

  it('the serializer checks and writes a marked answer once, and every other answer each time', () => {
    let checks = 0;
    const schema = z.object({ name: z.string() }).refine(() => ++checks > 0);
    const serialize = answerSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' } as Parameters<typeof answerSerializerCompiler>[0]);
    const marked = frozenAnswer({ name: 'Amina' });
    // a marked answer's text is kept as its UTF-8 bytes, the same buffer each time
    const first = serialize(marked) as unknown as Buffer;
    expect(Buffer.isBuffer(first)).toBe(true);
    expect(first.toString('utf8')).toBe('{"name":"Amina"}');
    expect(serialize(marked)).toBe(first);
    expect(checks).toBe(1);
    expect(String(serialize(frozenAnswer({ name: 'Amélie à Yaoundé' })))).toBe('{"name":"Amélie à Yaoundé"}');
    expect(serialize({ name: 'Paul' })).toBe('{"name":"Paul"}');
    expect(serialize({ name: 'Paul' })).toBe('{"name":"Paul"}');
    expect(checks).toBe(4);
    expect(() => serialize({ name: 3 })).toThrow();
  });
});

describe("one's own record, made once per session row", () => {
  let t: TestApp;
  let client: Client;
  let id: number;
  beforeAll(async () => {
    t = await createTestApp();
    const signedIn = await signIn(t, 'PER0001');
    client = signedIn.client;
    id = Number(signedIn.user.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the same record to each request, and the new one as soon as the person changes something', async () => {
    const first = await client.get(`/api/students/${id}`);
    const second = await client.get(`/api/students/${id}`);
    expect(second.body).toBe(first.body);
    expect(ok<{ LANGUAGE: string }>(first).LANGUAGE).toBe('en');
    ok(await client.post('/api/settings', { LANGUAGE: 'fr' }));
    const after = ok<{ LANGUAGE: string; MATRICULE: string }>(await client.get(`/api/students/${id}`));
    expect(after).toMatchObject({ LANGUAGE: 'fr', MATRICULE: 'PER0001' });
  });
});
