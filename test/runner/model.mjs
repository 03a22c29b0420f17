// `npm run test:model`: the document lifecycle model alone, on demand and long: 100 sequences of 20 steps (2 000 steps,
// about a quarter of an hour), retries off. TERMINOLOGY_MODEL_RUNS, TERMINOLOGY_MODEL_STEPS, TERMINOLOGY_MODEL_SEED and
// TERMINOLOGY_MODEL_KINDS change it (see test/integration/lifecycle.model.test.ts).
process.env.TERMINOLOGY_TEST_GREP ??= 'loses no remote change and no typed item';
process.env.TERMINOLOGY_TEST_RETRIES ??= '0';
process.env.TERMINOLOGY_MODEL_RUNS ??= '100';
process.env.TERMINOLOGY_MODEL_STEPS ??= '20';
process.env.TERMINOLOGY_TEST_TIMEOUT_MS ??= String(90 * 60_000);
await import('./offline.mjs');
