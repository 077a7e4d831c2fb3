/**
 * The leads that need a signed-in shopper: the forms of the gated routes (spec document 2, "Gated routes
 * and sign-in"). The pages gate in the browser; the runtime API refuses the same leads without a session,
 * so a visitor who skips the page cannot send them either.
 */
import type { LeadForm } from '../schemas/leads.ts';
import { hasIdentificationCode, type GatedCar, type GatingSite, type SignInType } from './gating.ts';

/**
 * The sign-in type a lead of `form` needs on this site, or null when anyone may send it:
 * - `trade-in` and `sell-my-car` -> `trade-in`, when `gating.tradeIn`;
 * - `reserve` (reserve or buy online) -> `checkout`, when `gating.checkout`;
 * - `finance-enquiry` -> `car-finance` when the site's finance page is the credit-check variant
 *   (`gating.creditCheckFinance`), else `finance` when `gating.personalisedFinance` and the car has a
 *   vehicle identification code.
 */
export function gatedLeadType(form: LeadForm, site: Pick<GatingSite, 'gating'>, car?: GatedCar | null): SignInType | null {
  const { gating } = site;
  switch (form) {
    case 'trade-in':
    case 'sell-my-car':
      return gating.tradeIn ? 'trade-in' : null;
    case 'reserve':
      return gating.checkout ? 'checkout' : null;
    case 'finance-enquiry':
      if (gating.creditCheckFinance) return 'car-finance';
      return gating.personalisedFinance && hasIdentificationCode(car) ? 'finance' : null;
    default:
      return null;
  }
}
