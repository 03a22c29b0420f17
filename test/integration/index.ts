// Suite index run inside the VS Code extension host. The same file serves the offline runner
// (test/runner/offline.mjs) and @vscode/test-electron (test/runner/electron.mjs).
// When TERMINOLOGY_TEST_REPORT names a file, mocha's output goes there (the offline harness tails it);
// otherwise it goes to the console, as test-electron expects.
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

export const DONE_MARKER = '##terminology-tests-done';

export function run(): Promise<void> {
  const reportFile = process.env.TERMINOLOGY_TEST_REPORT;
  const write = reportFile
    ? (line: string) => fs.appendFileSync(reportFile, line + '\n')
    : (line: string) => console.log(line);
  const format = (args: unknown[]) => {
    const [fmt, ...rest] = args;
    let i = 0;
    const text = typeof fmt === 'string'
      ? fmt.replace(/%[sdio%]/g, (m) => (m === '%%' ? '%' : String(rest[i++])))
      : String(fmt ?? '');
    return [text, ...rest.slice(i).map(String)].join(' ');
  };
  Mocha.reporters.Base.consoleLog = (...args: unknown[]) => write(format(args));
  Mocha.reporters.Base.useColors = process.env.TERMINOLOGY_TEST_COLOR === '1';

  // No retries: the first failure is final, so a loss that shows only sometimes cannot hide behind a second attempt
  // (issue #27: a retry reused a stale document and passed). TERMINOLOGY_TEST_RETRIES=1 allows one retry when chasing
  // a flaky test locally; each retry is printed, with the first failure's message.
  const retries = process.env.TERMINOLOGY_BENCH === '1' ? 0 : Number(process.env.TERMINOLOGY_TEST_RETRIES ?? 0);
  const mocha = new Mocha({ ui: 'bdd', timeout: 60_000, reporter: 'spec', retries });
  // Mocha reads the grep as a regular expression: one that does not compile ends the run at once, said, not silently.
  const grep = process.env.TERMINOLOGY_TEST_GREP;
  if (grep) {
    try {
      mocha.grep(grep);
    } catch (err) {
      write(`TERMINOLOGY_TEST_GREP is not a regular expression mocha can use (${String(err)}); escape ( ) [ ] etc.`);
      write(`${DONE_MARKER} ${JSON.stringify({ passes: 0, failures: 1, pending: 0, error: String(err) })}`);
      return Promise.reject(err);
    }
  }
  // TERMINOLOGY_BENCH=1 runs the editor benchmarks (*.bench.js) instead of the tests; TERMINOLOGY_TEST_TRUST=restricted
  // the Restricted Mode suite (*.untrusted.js, in a window whose workspace is untrusted); the root hooks always run.
  const bench = process.env.TERMINOLOGY_BENCH === '1';
  const restricted = process.env.TERMINOLOGY_TEST_TRUST === 'restricted';
  const suffix = bench ? '.bench.js' : restricted ? '.untrusted.js' : '.test.js';
  const wanted = (f: string) => f === '00-service.test.js' || f.endsWith(suffix);
  for (const file of fs.readdirSync(__dirname).filter(wanted).sort()) {
    mocha.addFile(path.join(__dirname, file));
  }
  return new Promise((resolve, reject) => {
    try {
      const retried: string[] = [];
      const runner = mocha.run((failures) => {
        if (retried.length) write(`retried after a failure (passed or failed on the second attempt, see above): ${retried.join('; ')}`);
        const stats = runner.stats ?? { passes: 0, failures, pending: 0, tests: 0 };
        write(`${DONE_MARKER} ${JSON.stringify({ passes: stats.passes, failures: stats.failures, pending: stats.pending })}`);
        if (failures > 0) reject(new Error(`${failures} integration test(s) failed`));
        else resolve();
      });
      runner.on('retry', (test: Mocha.Test, err: Error) => {
        retried.push(test.fullTitle());
        write(`  retrying after a failure: ${test.fullTitle()}: ${String(err?.message ?? err).split('\n')[0]}`);
      });
    } catch (err) {
      write(`${DONE_MARKER} ${JSON.stringify({ passes: 0, failures: 1, pending: 0, error: String(err) })}`);
      reject(err);
    }
  });
}
