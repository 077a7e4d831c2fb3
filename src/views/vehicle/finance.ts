/**
 * A vehicle's finance figures: the finance block beside the price and the calculator below, both from
 * the vehicle's advertised repayment (`advertisedRepayment`), so the block, the result card, the
 * calculator's first figure and the disclaimer's numbers are one figure. Browser-safe: the calculator
 * island imports the types and the disclaimer pieces from here.
 */
import {
  advertisedRepayment,
  comparisonRateRange,
  formatComparisonRate,
  frequencyOptions,
  type ComparisonRange,
  type RepaymentBasis,
} from '../../rules/finance-calculator.ts';
import { disclaimerView, formatListedFees, repaymentBasisSentence, vehicleFinanceDisclaimer } from '../../rules/finance-disclaimer.ts';
import { vehiclePageSliders, type VehiclePageSliders } from '../../rules/finance-sliders.ts';
import { youxQuoteRequest, type YouxQuoteRequest } from '../../rules/finance-eligibility.ts';
import { apiUrl } from '../../lib/runtime-api.ts';
import type { FinanceFrequency } from '../../schemas/finance.ts';
import type { SiteConfig } from '../../schemas/site-config.ts';
import type { NormalisedVehicle } from '../../schemas/snapshot.ts';

export interface FinanceSummaryView {
  providerName: string;
  /** '$123 /wk*' or 'Enquire for Finance'. */
  paymentText: string;
  /** '9.87%', or '' when the lender gives none. */
  comparisonRateText: string;
}

/** What the calculator island is given: everything it works out is a rule applied to these. */
export interface FinanceCalculatorProps {
  vehicleId: number;
  providerName: string;
  /** Where the calculator starts: the vehicle's advertised figures. */
  basis: RepaymentBasis;
  /** What the repayment maths needs of the provider and the lender (fee, rounding, quoted figures). */
  context: {
    provider: { establishmentFee?: number | undefined; rounding: 'up' | 'nearest-to-quote' };
    lender: { deposit?: number | null | undefined; establishmentFees?: number | null | undefined; paymentWeek?: number | null | undefined; paymentMonth?: number | null | undefined };
  };
  sliders: VehiclePageSliders;
  frequencies: FinanceFrequency[];
  comparisonRateText: string;
  comparisonRange: ComparisonRange;
  /** Fees the site lists under the calculator. */
  fees: Array<{ label: string; amount: string }>;
  /** The disclaimer after its first sentence (which states the figure's basis and follows the inputs). */
  disclaimerRest: string;
  /** Whether the disclaimer can be collapsed (`finance.disclaimerToggle`). */
  disclaimerToggle: boolean;
}

export interface VehicleFinanceView {
  summary: FinanceSummaryView;
  calculator: FinanceCalculatorProps;
  /** The whole disclaimer as first shown (the calculator's, with its toggle expanded). */
  disclaimer: string;
}

/** The finance block and calculator of a vehicle; null where the finance rules show no figures. */
export function vehicleFinance(vehicle: NormalisedVehicle, site: SiteConfig, now: Date): VehicleFinanceView | null {
  const advertised = advertisedRepayment(site, vehicle, now);
  if (!advertised) return null;
  const { basis, repayment, provider, lender } = advertised;
  const comparisonRateText = typeof lender.comparisonRate === 'number' ? formatComparisonRate(lender.comparisonRate) : '';
  const disclaimerRest = vehicleFinanceDisclaimer(site.finance, lender, { basisStated: true });
  const basisSentence = repaymentBasisSentence(basis, repayment);
  return {
    summary: { providerName: provider.name, paymentText: repayment.paymentText, comparisonRateText },
    calculator: {
      vehicleId: vehicle.id,
      providerName: provider.name,
      basis,
      context: {
        provider: { ...(provider.establishmentFee === undefined ? {} : { establishmentFee: provider.establishmentFee }), rounding: provider.rounding },
        lender: { deposit: lender.deposit, establishmentFees: lender.establishmentFees, paymentWeek: lender.paymentWeek, paymentMonth: lender.paymentMonth },
      },
      sliders: vehiclePageSliders(site.finance, basis.price, { amount: basis.price, years: basis.years, rate: basis.rate }),
      frequencies: frequencyOptions(site.finance),
      comparisonRateText,
      comparisonRange: comparisonRateRange(provider, lender),
      fees: formatListedFees(site.finance.listedFees),
      disclaimerRest,
      disclaimerToggle: site.finance.disclaimerToggle,
    },
    disclaimer: disclaimerView([basisSentence, disclaimerRest].join(' '), { toggleEnabled: site.finance.disclaimerToggle }).text,
  };
}

/** The instant quote's call: where to ask and what to send. */
export interface FinanceQuoteView {
  url: string;
  request: YouxQuoteRequest;
}

/** The instant quote of an available vehicle, where the site asks for one and the price is above $0 (spec 7). */
export function financeQuoteView(vehicle: NormalisedVehicle, site: SiteConfig): FinanceQuoteView | null {
  const request = youxQuoteRequest(site, vehicle, site.name);
  return request ? { url: apiUrl(site.api.baseUrl, `/api/youx/quote?site=${encodeURIComponent(site.slug)}`), request } : null;
}
