/**
 * Work done in steps: a generator that yields between its steps and returns its result. The server runs the
 * steps straight through ({@link runSteps}); the browser runs them in tasks short enough that a shopper's tap
 * or keystroke never waits long behind them ({@link runStepsYielding}). Browser-safe.
 */
export type Steps<T> = Generator<void, T, void>;

/** The result of `steps`, all of them run at once. */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** How long a run of steps may hold the browser's main thread before it lets the page respond. */
export const STEP_BUDGET_MS = 8;

/**
 * The result of `steps`, giving the main thread back to the page whenever a run of them has taken
 * `budgetMs`: no task of the work is a long task (over 50 ms) unless one step is.
 */
export async function runStepsYielding<T>(steps: Steps<T>, budgetMs = STEP_BUDGET_MS): Promise<T> {
  let since = performance.now();
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    if (performance.now() - since >= budgetMs) {
      await yieldToPage();
      since = performance.now();
    }
  }
}

/** Ends the current task: the page handles input and paints before the next step runs. */
function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}
