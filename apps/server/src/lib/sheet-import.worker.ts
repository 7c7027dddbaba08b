// The worker thread that parses imported files (decision 67): one file at a time, as the pool in
// sheet-import.ts hands them; its answer is the parsed sheet or why the file is refused.
import { parentPort } from 'node:worker_threads';
import { parseSheet, Refused, type ParseLimits } from './sheet-parse';

export interface ParseJob {
  data: Uint8Array;
  limits: ParseLimits;
}

export type ParseAnswer = { sheet: ReturnType<typeof parseSheet> } | { refusal: Refused['refusal'] };

parentPort!.on('message', (job: ParseJob) => {
  let answer: ParseAnswer;
  try {
    answer = { sheet: parseSheet(Buffer.from(job.data.buffer, job.data.byteOffset, job.data.byteLength), job.limits) };
  } catch (error) {
    // anything else thrown by a malformed file is a file that cannot be read, as it was with exceljs
    answer = { refusal: error instanceof Refused ? error.refusal : { kind: 'unreadable', message: 'The file could not be read' } };
  }
  parentPort!.postMessage(answer);
});
