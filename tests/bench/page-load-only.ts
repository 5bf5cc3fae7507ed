import { parseArgs } from 'node:util';
import { formatWaterfall, measurePageLoad, PAGE_LOAD_LCP_BUDGET_MS } from './page-load.ts';

/**
 * `npm run bench:page-load`: only the page-load part of `npm run bench`, to iterate on it. Options:
 * `--page login|profile` and `--profile mobile|lighthouse-devtools` (repeatable; all by default),
 * `--waterfall` to print each run's requests (start–end from the document request, initiator), `--trace DIR`
 * to write each run's Chrome performance trace there (open it in DevTools' Performance panel). The
 * environment variables of page-load.ts apply (PAGE_LOAD_RUNS, PAGE_LOAD_DIST for another build).
 */
const { values } = parseArgs({
  options: {
    page: { type: 'string', multiple: true },
    profile: { type: 'string', multiple: true },
    waterfall: { type: 'boolean', default: false },
    trace: { type: 'string' },
  },
});

const report = await measurePageLoad({
  log: (line) => console.log(line),
  pages: values.page,
  profiles: values.profile,
  waterfall: values.waterfall,
  ...(values.trace ? { traceDirectory: values.trace } : {}),
});
for (const page of report.pages) {
  if (values.waterfall)
    page.runs.forEach((run, index) => {
      console.log(
        `\n${page.page} (${page.profile}) run ${index + 1}, LCP ${run.lcpMs} ms (${run.lcpElement}):`,
      );
      console.log(formatWaterfall(run.waterfall ?? []).join('\n'));
      console.log(`LCP candidates: ${(run.lcpCandidates ?? []).join('; ')}`);
    });
  const budget = page.profile === 'mobile' ? ` (budget ${PAGE_LOAD_LCP_BUDGET_MS} ms)` : '';
  console.log(
    `\n${page.page} (${page.profile}), median of ${page.runs.length}: FCP ${page.medianFcpMs} ms, ` +
      `LCP ${page.medianLcpMs} ms${budget}, ${page.lcpElement}; LCP runs: ${page.runs.map((run) => run.lcpMs).join(', ')}`,
  );
}
process.exit(0);
