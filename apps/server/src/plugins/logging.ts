import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pino from 'pino';
import type { Config } from '../config';
import { prettyLog, REDACT, safeError, safeUrl } from '../lib/log';

/** What any log line says of a request: its method, its URL without query values (`safeUrl`) and the client's address. */
const loggedRequest = (request: Pick<FastifyRequest, 'method' | 'url' | 'ip'>) => ({
  method: request.method,
  url: safeUrl(request.url),
  remoteAddress: request.ip,
});

/**
 * One log line per request, when it is answered, naming the request (issue 15): Fastify writes two.
 * An answered request's line holds only what it is built from here (method, URL as `safeUrl` logs
 * it, client address, status, time): nothing in it can be secret, so it is written by `lines`, a
 * logger without the redaction that every other line goes through (a third of a read's logging
 * time). A failed request's line carries its error, and goes through the redaction.
 */
class OneLinePerRequest extends LogController {
  constructor(private readonly lines: pino.Logger) {
    super();
  }
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else
      this.lines.info(
        { reqId: request.id, req: loggedRequest(request), res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime },
        'request completed',
      );
  }
}

/**
 * The server's log, given to Fastify when the app is made (`options`), and `flush`, which the app
 * calls last when it closes. The log goes to standard output without blocking (issue 15): lines
 * written while a write is under way are gathered and written together by the next one, instead of
 * one blocking write per line (on Linux a pipe or a terminal is written synchronously). Every line
 * goes through pino's redaction (REDACT) but an answered request's (OneLinePerRequest).
 */
export function logging(
  config: Config,
  logStream: NodeJS.WritableStream | undefined,
): { options: Pick<FastifyServerOptions, 'logger' | 'logController'>; flush: () => void } {
  const stdout = logStream ? undefined : pino.destination({ dest: 1, sync: false });
  const out = logStream ?? stdout!;
  const stream = config.logFormat === 'pretty' ? prettyLog(out) : out;
  return {
    options: {
      logger: {
        level: config.logLevel,
        stream,
        redact: { paths: REDACT, censor: '[redacted]' },
        serializers: {
          err: (error: unknown) => safeError(error),
          req: loggedRequest,
        },
      },
      logController: new OneLinePerRequest(pino({ level: config.logLevel }, stream)),
    },
    flush: () => stdout?.flushSync(),
  };
}
