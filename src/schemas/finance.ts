/**
 * Finance figures: what a lender returns for one vehicle, and the state of the on-page finance
 * calculator.
 */
import { z } from 'zod';
import { money } from './common.ts';

// A nullable finite number: the platform sends null when a lender has no figure.
const figure = z.number().nullish();

const TERM_KEY = /^term\d+$/;

/**
 * One lender's figures for one vehicle (an entry of `vehicle.finance_lenders`, keyed by the
 * lowercase provider key). Unknown keys are kept (loose object) because lenders add
 * per-term figures named `term{N}` (term3, term5, term7 ...); those must be numbers or null.
 */
export const FinanceLenderInfoSchema = z
  .looseObject({
    /**
     * Advertised interest rate, percent per year.
     * @example 8.99
     */
    interestRate: figure,
    /**
     * Comparison rate, percent per year. The finance block is hidden when null.
     * @example 9.87
     */
    comparisonRate: figure,
    /**
     * Weekly repayment in dollars.
     * @example 129
     */
    paymentWeek: figure,
    /**
     * Monthly repayment in dollars.
     * @example 559
     */
    paymentMonth: figure,
    /**
     * Balloon (final) payment, in dollars.
     * @example 7497
     */
    balloon: figure,
    /**
     * Deposit, in dollars.
     * @example 2499
     */
    deposit: figure,
    /**
     * Loan term in years.
     * @example 5
     */
    termYears: figure,
    /**
     * Establishment fees in dollars.
     * @example 395
     */
    establishmentFees: figure,
    /**
     * Total of all repayments plus fees, in dollars.
     * @example 33540
     */
    totalPayable: figure,
    /** The lender's disclaimer text, shown under the finance block. */
    disclaimer: z.string().nullish(),
  })
  .superRefine((info, ctx) => {
    for (const [key, value] of Object.entries(info)) {
      if (TERM_KEY.test(key) && value !== null && value !== undefined && (typeof value !== 'number' || !Number.isFinite(value))) {
        ctx.addIssue({ code: 'custom', path: [key], message: `${key} must be a number (a repayment figure for that term) or null` });
      }
    }
  });
export type FinanceLenderInfo = z.output<typeof FinanceLenderInfoSchema>;

/**
 * A lender's provider key: lowercase letters, digits, `_` or `-`.
 * @example 'plenti'
 */
export const financeProviderKey = z
  .string()
  .regex(/^[a-z][a-z0-9_-]*$/, 'Finance provider keys are lowercase, e.g. plenti');

/**
 * A repayment frequency: its label and how many payments a year it means. The pair must match.
 * @example { name: 'Weekly', value: 52 }
 */
export const FinanceFrequencySchema = z.union([
  z.object({
    /** Label of the frequency. */
    name: z.literal('Weekly'),
    /** Payments per year. */
    value: z.literal(52),
  }),
  z.object({
    /** Label of the frequency. */
    name: z.literal('Fortnightly'),
    /** Payments per year. */
    value: z.literal(26),
  }),
  z.object({
    /** Label of the frequency. */
    name: z.literal('Monthly'),
    /** Payments per year. */
    value: z.literal(12),
  }),
]);
export type FinanceFrequency = z.output<typeof FinanceFrequencySchema>;

export const FinanceCalculatorStateSchema = z.object({
  /**
   * Purchase price or loan amount, in dollars.
   * @example 30000
   */
  amount: money,
  /**
   * Loan term in years, in half-year steps.
   * @example 5
   */
  term: z.number().positive().multipleOf(0.5),
  /**
   * Interest rate, percent per year.
   * @example 8.5
   */
  interest: z.number().min(0).max(100),
  /**
   * Trade-in value or deposit, in dollars.
   * @example 5000
   */
  tradeIn: money.default(0),
  /**
   * Residual (balloon) amount, in dollars.
   * @example 0
   */
  residual: money.default(0),
  /**
   * Total of all repayments plus fees, in dollars; null when the repayment is too small to show
   * (25 or less shows 'Enquire for Finance').
   */
  total: money.nullish(),
  /** Repayment frequency; weekly by default. */
  frequency: FinanceFrequencySchema.default({ name: 'Weekly', value: 52 }),
});
export type FinanceCalculatorState = z.output<typeof FinanceCalculatorStateSchema>;
export type FinanceCalculatorStateInput = z.input<typeof FinanceCalculatorStateSchema>;
