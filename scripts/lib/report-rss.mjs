// Loaded with `node --import` by the benchmark: writes the process's peak RSS (kB) to $SITE_BENCH_RSS_FILE at exit.
import { writeFileSync } from 'node:fs';

process.on('exit', () => {
  if (process.env.SITE_BENCH_RSS_FILE) writeFileSync(process.env.SITE_BENCH_RSS_FILE, String(process.resourceUsage().maxRSS));
});
