/** A worker thread of a parallel build: one PageShard answering the main thread's requests. */
import { parentPort } from 'node:worker_threads';
import { PageShard, type ShardRequest } from './page-shard';

const shard = new PageShard();
parentPort!.on('message', async (request: ShardRequest) => parentPort!.postMessage(await shard.handle(request)));
