/** Tests that are the steps of one story: each step builds on the state the earlier steps leave behind (files on
 * disk, synced versions, the emulator's entries). A mocha grep (TERMINOLOGY_TEST_GREP) matches full test titles, so it
 * can select a later step without the earlier ones it needs; that step would then run against a state it was never
 * written for and fail for no reason of the product. Declared with `step`, a selected step first runs every earlier
 * step of its story that has not run (assertions included, its failure named), in order. In a run without a grep every
 * step has already run by then, so nothing runs twice and each failure stays with its own test, as with `it`. */
export function scenario(): (title: string, body: () => Promise<void>) => void {
  const steps: Array<{ title: string; body: () => Promise<void>; ran: boolean }> = [];
  return (title, body) => {
    const self = { title, body, ran: false };
    const earlier = steps.slice();
    steps.push(self);
    it(title, async () => {
      for (const s of earlier) {
        if (s.ran) continue;
        s.ran = true;
        try {
          await s.body();
        } catch (err) {
          if (err instanceof Error) err.message = `the earlier step "${s.title}" (not selected by the grep, run first) failed: ${err.message}`;
          throw err;
        }
      }
      self.ran = true;
      await body();
    });
  };
}
