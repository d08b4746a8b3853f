/**
 * A build's output swap, killed (SIGKILL) just before one of its steps: `node --import tsx swap-child.ts <out>
 * <step> <files as JSON>` writes the files as a site into <out> through writeSite and kills itself when the swap
 * reaches <step>.
 * With <step> `clear-spare`, a spare is made (marked, as another build would leave one) once the staging folder is
 * ready, so the step that clears it is reached.
 */
import { mkdirSync } from 'node:fs';
import { spareOf, writeSite, type SwapStep } from '../../generator/output/write-site';
import { writeMark } from '../../generator/output/output-folder';

const [out, killAt, files] = process.argv.slice(2) as [string, SwapStep, string];
const site = new Map(Object.entries(JSON.parse(files) as Record<string, string>));
await writeSite(out, site, undefined, undefined, {
  before(step) {
    if (killAt === 'clear-spare' && step === 'ready') {
      mkdirSync(spareOf(out));
      writeMark(spareOf(out), []);
    }
    if (step === killAt) process.kill(process.pid, 'SIGKILL');
  },
});
