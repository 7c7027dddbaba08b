import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { securityHeadersPlugin } from '../lib/security-headers';

/** Security headers on every answer (lib/security-headers.ts), cookies, and CORS for the origins configured. */
export const securityPlugin = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    strictTransportSecurity: config.secureCookies ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cookie);
  if (config.corsOrigins.length) {
    // API clients of the origins listed, with bearer tokens (no credentials); any other origin, or
    // none, gets no CORS answer at all. Registered before the cross-site check (lib/auth.ts), so that
    // even its refusals are readable by those clients.
    const allowed = new Set(config.corsOrigins);
    await app.register(cors, {
      origin: (origin: string | undefined, done: (error: Error | null, origin: string | false) => void) =>
        done(null, origin && allowed.has(origin) ? origin : false),
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type'],
      credentials: false,
      maxAge: 600,
    });
  }
});
