// The cue-vector worker's first module: plain JavaScript, so a worker thread can start it and load the TypeScript.
import { workerData } from 'node:worker_threads'
import { tsImport } from 'tsx/esm/api'

await tsImport(workerData.entry, import.meta.url)
