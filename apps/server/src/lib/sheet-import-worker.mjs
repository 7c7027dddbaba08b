// Starts the parsing worker (sheet-import.worker.ts) through tsx, whichever way the server runs: a
// worker thread does not inherit the loader `tsx src/main.ts` registers, nor Vitest's transform.
import { tsImport } from 'tsx/esm/api';

await tsImport('./sheet-import.worker.ts', import.meta.url);
