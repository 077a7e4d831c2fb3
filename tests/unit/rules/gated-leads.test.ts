import { describe, expect, it } from 'vitest';
import { gatedLeadType } from '../../../src/rules/gated-leads.ts';

const gating = (flags: Record<string, boolean> = {}) => ({
  gating: { tradeIn: false, checkout: false, personalisedFinance: false, creditCheckFinance: false, spinToWin: false, onlinePayment: false, ...flags },
});

describe('gatedLeadType', () => {
  it('gates the valuation forms where trade-ins are gated', () => {
    expect(gatedLeadType('trade-in', gating({ tradeIn: true }))).toBe('trade-in');
    expect(gatedLeadType('sell-my-car', gating({ tradeIn: true }))).toBe('trade-in');
    expect(gatedLeadType('trade-in', gating())).toBeNull();
  });

  it('gates a reservation where checkout is gated', () => {
    expect(gatedLeadType('reserve', gating({ checkout: true }))).toBe('checkout');
    expect(gatedLeadType('reserve', gating({ tradeIn: true }))).toBeNull();
  });

  it('gates finance for the credit-check variant, and personalised finance only for a car with an identification code', () => {
    expect(gatedLeadType('finance-enquiry', gating({ creditCheckFinance: true }))).toBe('car-finance');
    expect(gatedLeadType('finance-enquiry', gating({ personalisedFinance: true }), { nvic: 'ABC123' })).toBe('finance');
    expect(gatedLeadType('finance-enquiry', gating({ personalisedFinance: true }), { nvic: '' })).toBeNull();
    expect(gatedLeadType('finance-enquiry', gating({ personalisedFinance: true }), null)).toBeNull();
  });

  it('never gates an enquiry, a test drive or a service booking', () => {
    const all = gating({ tradeIn: true, checkout: true, personalisedFinance: true, creditCheckFinance: true, spinToWin: true, onlinePayment: true });
    for (const form of ['enquiry', 'test-drive', 'service-booking', 'request-photos'] as const) expect(gatedLeadType(form, all)).toBeNull();
  });
});
