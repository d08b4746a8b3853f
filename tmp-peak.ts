import { checkSite } from './generator/dev/crawl-site';
const dir = process.argv[2];
let peak = 0;
const iv = setInterval(() => { peak = Math.max(peak, process.getActiveResourcesInfo().filter((r) => r === 'TCPSocketWrap').length); }, 5);
const t = Date.now();
const report = await checkSite(dir, { baseUrl: 'https://many.example.org', plannedRoutes: [] } as any);
clearInterval(iv);
console.log({ ms: Date.now() - t, peak, checked: report.checked, problems: report.problems.length });
process.exit(0);
