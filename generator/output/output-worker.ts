/**
 * The thread that writes a full build's pages into its staging folder (output-thread.ts): each message's pages in the
 * order given, each written as the build's thread writes a file (write-in-place.ts), then their sizes posted back.
 * After a failure it writes nothing more.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { postedError } from '../base/engine-worker';
import { folderWriter, writePageFile } from './write-in-place';
import type { FromOutput, OutputSetup, ToOutput } from './output-thread';

const port = parentPort!;
const { dir } = workerData as OutputSetup;
const post = (message: FromOutput) => port.postMessage(message);
const write = folderWriter(dir);

let failed = false;
port.on('message', (message: ToOutput) => {
  if (failed) return;
  try {
    if ('pages' in message)
      post({ written: message.pages.map((page) => writePageFile(write, page.file, page.contents, page.source)) });
    else post({ finished: true });
  } catch (error) {
    failed = true;
    post({ crashed: postedError(error) });
  }
});
