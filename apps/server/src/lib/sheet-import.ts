// Reading an imported table (the lessons' import, the admissions' decisions): CSV (UTF-8, `;` or `,`)
// or XLSX, told apart by content (an XLSX workbook is a ZIP archive), never by name or declared type;
// the first row names the columns. The file is parsed in a worker thread, within limits (decision
// 67): a workbook of a few hundred kilobytes can expand to millions of cells, and parsing it on the
// server's own thread held every other request for seconds (finding 16).
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { V } from '@portal/contract';
import { AppError, validationError } from './errors';
import type { ParseAnswer, ParseJob } from './sheet-import.worker';
import type { ParsedSheet, Refusal } from './sheet-parse';

/**
 * The limits of every import, besides each import's own size and line limits. Generous for real
 * files: 10,000 candidates by 50 columns, 5,000 lessons by 100, is 500,000 cells; such a workbook
 * expands to some 20 MB and parses in about a second.
 */
export const SHEET_IMPORT_LIMITS = {
  /** cells read (the empty ones between two cells of a row included), and strings in a workbook's shared table */
  cells: 500_000,
  /** what an XLSX's entries declare they expand to, all together, and what is actually inflated of them */
  expandedBytes: 64 * 1024 * 1024,
  /** a file still being parsed then has its worker ended: 400 IMPORT_TOO_COMPLEX */
  deadlineMs: 20_000,
  /** the JavaScript heap of a parsing worker; past it, the worker ends: 400 IMPORT_TOO_COMPLEX */
  heapMb: 256,
  /** parsing workers at once: the server's own thread keeps a core */
  workers: Math.max(1, Math.min(2, availableParallelism() - 1)),
  /** files waiting for a worker; past them, 503 SERVER_BUSY */
  queue: 4,
  /** an idle worker ends after this long (it is started again, in some 100 ms, for the next file) */
  idleMs: 60_000,
} as const;

/** What an import route answers of these limits, for its description in the API document. */
export const SHEET_IMPORT_ANSWERS =
  `Past the lines: 413 IMPORT_TOO_MANY_ROWS; past ${SHEET_IMPORT_LIMITS.cells} cells: 413 IMPORT_TOO_MANY_CELLS; an XLSX expanding past ${SHEET_IMPORT_LIMITS.expandedBytes / 1024 / 1024} MiB: ` +
  `413 IMPORT_EXPANDED_TOO_LARGE (each with the \`limit\`); a file not read within ${SHEET_IMPORT_LIMITS.deadlineMs / 1000} s: 400 IMPORT_TOO_COMPLEX; too many files being read at once: 503 SERVER_BUSY.`;

/** The header (upper case) and the non-empty lines of a file, each with its line number in the file (the header is line 1). */
export interface ImportSheet {
  header: string[];
  lines: { line: number; cells: string[] }[];
}

/** 400 CSV_INVALID, with the reason and, when the columns are at fault, the columns expected. */
export const invalidSheet = (message?: string, columns?: readonly string[]) =>
  new AppError('CSV_INVALID', { ...(message ? { message } : {}), ...(columns ? { columns: [...columns] } : {}) });

const tooComplex = () =>
  new AppError('IMPORT_TOO_COMPLEX', {
    message: `The file could not be read within ${SHEET_IMPORT_LIMITS.deadlineMs / 1000} s and ${SHEET_IMPORT_LIMITS.heapMb} MB`,
  });

/** The answer to a refused file: 413 past a limit of size, naming it; 400 when it cannot be read. */
function refusalError(refusal: Refusal): AppError {
  switch (refusal.kind) {
    case 'unreadable':
      return invalidSheet(refusal.message);
    case 'characters':
      return validationError({ FILE: V.invalidCharacters });
    case 'rows':
      return new AppError('IMPORT_TOO_MANY_ROWS', { message: `The file has more than ${refusal.limit} lines`, limit: { limit: refusal.limit } });
    case 'cells':
      return new AppError('IMPORT_TOO_MANY_CELLS', { message: `The file has more than ${refusal.limit} cells`, limit: { limit: refusal.limit } });
    case 'expanded':
      return new AppError('IMPORT_EXPANDED_TOO_LARGE', {
        message: `The workbook expands to more than ${refusal.limit / 1024 / 1024} MiB`,
        limit: { limit: refusal.limit },
      });
  }
}

// ---------------------------------------------------------------- the workers

interface Waiting {
  job: ParseJob;
  deadlineMs: number;
  resolve: (answer: ParseAnswer) => void;
  reject: (error: unknown) => void;
}

/**
 * A worker parses one file at a time; `SHEET_IMPORT_LIMITS.workers` of them at most, started when
 * needed and ended when idle, and a short queue: however many imports come at once, the threads
 * and the memory they take are bounded.
 */
class ParseWorkers {
  /** workers started and not ended: parsing, idle or starting */
  private readonly alive = new Set<Worker>();
  private readonly idle: { worker: Worker; timer: NodeJS.Timeout }[] = [];
  private readonly waiting: Waiting[] = [];
  private running = 0;

  /** workers alive, parsing, and files waiting for one (tests) */
  get state() {
    return { workers: this.alive.size, running: this.running, waiting: this.waiting.length };
  }

  parse(job: ParseJob, deadlineMs: number): Promise<ParseAnswer> {
    return new Promise((resolve, reject) => {
      const request = { job, deadlineMs, resolve, reject };
      const idle = this.idle.pop();
      if (idle) {
        clearTimeout(idle.timer);
        this.run(idle.worker, request);
      } else if (this.alive.size < SHEET_IMPORT_LIMITS.workers) this.run(this.start(), request);
      else if (this.waiting.length < SHEET_IMPORT_LIMITS.queue) this.waiting.push(request);
      else reject(new AppError('SERVER_BUSY', { retryAfter: 5 }));
    });
  }

  private start(): Worker {
    const worker = new Worker(new URL('./sheet-import-worker.mjs', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: SHEET_IMPORT_LIMITS.heapMb },
    });
    this.alive.add(worker);
    worker.once('exit', () => this.end(worker));
    return worker;
  }

  /** Ends a worker (once): it is counted no more, and is never handed a file again. */
  private end(worker: Worker): void {
    if (!this.alive.delete(worker)) return;
    const at = this.idle.findIndex((entry) => entry.worker === worker);
    if (at >= 0) clearTimeout(this.idle.splice(at, 1)[0]!.timer);
    void worker.terminate();
  }

  /** Hands the file to the worker, and ends the worker past the deadline; a worker that failed is not used again. */
  private run(worker: Worker, { job, deadlineMs, resolve, reject }: Waiting): void {
    this.running++;
    worker.ref();
    const settle = (healthy: boolean) => {
      clearTimeout(deadline);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      this.running--;
      if (!healthy) this.end(worker);
      const next = this.waiting.shift();
      if (next) this.run(healthy ? worker : this.start(), next);
      else if (healthy) this.rest(worker);
    };
    const onMessage = (answer: ParseAnswer) => {
      settle(true);
      resolve(answer);
    };
    const onError = (error: Error & { code?: string }) => {
      settle(false);
      reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooComplex() : error);
    };
    const onExit = (code: number) => onError(new Error(`The parsing worker stopped (${code})`));
    const deadline = setTimeout(() => {
      settle(false);
      reject(tooComplex());
    }, deadlineMs);
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    // a copy of its own, moved rather than copied again
    const data = new Uint8Array(job.data);
    worker.postMessage({ ...job, data }, [data.buffer]);
  }

  /** An idle worker does not hold the process open, and ends after a while. */
  private rest(worker: Worker): void {
    worker.unref();
    this.idle.push({ worker, timer: setTimeout(() => this.end(worker), SHEET_IMPORT_LIMITS.idleMs).unref() });
  }
}

const workers = new ParseWorkers();

/** The parsing workers' state (tests). */
export const sheetImportWorkers = () => workers.state;

/**
 * The header (trimmed, upper case) and the non-empty lines of an imported CSV or XLSX file. Larger
 * than `maxBytes`: 413 FILE_TOO_LARGE; more than `maxRows` lines, too many cells or a workbook
 * that expands too much: 413 IMPORT_TOO_MANY_ROWS, IMPORT_TOO_MANY_CELLS, IMPORT_EXPANDED_TOO_LARGE
 * with the `limit`; no header row: CSV_INVALID naming `columns`; an unreadable file: CSV_INVALID;
 * one that takes too long or too much memory to read: IMPORT_TOO_COMPLEX; all the workers busy and
 * the queue full: 503 SERVER_BUSY.
 */
export async function readImportSheet(
  data: Buffer,
  limits: { maxBytes: number; maxRows: number; columns: readonly string[]; /** (tests) */ deadlineMs?: number },
): Promise<ImportSheet> {
  if (data.length > limits.maxBytes) throw new AppError('FILE_TOO_LARGE');
  const job = { data, limits: { maxRows: limits.maxRows, maxCells: SHEET_IMPORT_LIMITS.cells, maxExpandedBytes: SHEET_IMPORT_LIMITS.expandedBytes } };
  const answer = await workers.parse(job, limits.deadlineMs ?? SHEET_IMPORT_LIMITS.deadlineMs);
  if ('refusal' in answer) throw refusalError(answer.refusal);
  const sheet: ParsedSheet = answer.sheet;
  if (!sheet.header.length) throw invalidSheet('The file is empty', limits.columns);
  return { header: sheet.header.map((h) => h.trim().toUpperCase()), lines: sheet.lines };
}
