import * as fs from 'node:fs';

/** Prints a line among mocha's output (figures such as timings), in both hosts. */
export function note(line: string): void {
  const file = process.env.TERMINOLOGY_TEST_REPORT;
  if (file) fs.appendFileSync(file, `      ${line}\n`);
  else console.log(`      ${line}`);
}
