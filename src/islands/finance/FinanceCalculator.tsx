/**
 * The vehicle page's finance calculator island. It starts from the vehicle's advertised figures (the
 * figure beside the price and on the vehicle's result card) and works every change out with the same
 * repayment rule, rewriting the disclaimer's first sentence so the figure and the numbers under it agree.
 * The first change to any input records event 26, once.
 */
import { useState } from 'react';
import { track } from '../../lib/analytics.ts';
import { calculateRepayment, firstChangeEvent, INITIAL_FIRST_CHANGE_STATE, type RepaymentBasis } from '../../rules/finance-calculator.ts';
import { disclaimerView, repaymentBasisSentence } from '../../rules/finance-disclaimer.ts';
import { formatPriceInput, parsePriceInput } from '../../rules/formatting.ts';
import type { FinanceFrequency } from '../../schemas/finance.ts';
import type { FinanceCalculatorProps } from '../../views/vehicle/finance.ts';
import { FinanceCalculatorView } from './FinanceCalculatorView.tsx';

type MoneyField = 'amount' | 'deposit' | 'balloon';
const BASIS_FIELD: Record<MoneyField, 'price' | 'deposit' | 'balloon'> = { amount: 'price', deposit: 'deposit', balloon: 'balloon' };

export default function FinanceCalculator(props: FinanceCalculatorProps) {
  const [basis, setBasis] = useState<RepaymentBasis>(props.basis);
  const [text, setText] = useState(() => ({
    amount: formatPriceInput(props.basis.price),
    deposit: formatPriceInput(props.basis.deposit),
    balloon: formatPriceInput(props.basis.balloon),
  }));
  const [expanded, setExpanded] = useState(true);
  const [changes, setChanges] = useState(INITIAL_FIRST_CHANGE_STATE);

  const change = (next: Partial<RepaymentBasis>) => {
    setBasis((current) => ({ ...current, ...next }));
    const { event, state } = firstChangeEvent(changes);
    if (event) track(event.eventId, { car_id: props.vehicleId });
    setChanges(state);
  };

  const repayment = calculateRepayment(
    { amount: basis.price, deposit: basis.deposit, residual: basis.balloon, term: basis.years, interest: basis.rate, frequency: basis.frequency },
    props.context,
  );
  const disclaimer = disclaimerView(`${repaymentBasisSentence(basis, repayment)} ${props.disclaimerRest}`, { toggleEnabled: props.disclaimerToggle, expanded });

  return (
    <FinanceCalculatorView
      idPrefix="finance-calculator"
      providerName={props.providerName}
      text={text}
      amount={basis.price}
      term={basis.years}
      interest={basis.rate}
      frequency={basis.frequency}
      sliders={props.sliders}
      frequencies={props.frequencies}
      paymentText={repayment.paymentText}
      totalText={repayment.totalText}
      comparisonRateText={props.comparisonRateText}
      comparisonRange={props.comparisonRange}
      fees={props.fees}
      disclaimer={disclaimer}
      onMoney={(field, typed) => {
        // Non-numeric characters are stripped and thousands shown as the shopper types; an emptied field counts as 0.
        setText((current) => ({ ...current, [field]: formatPriceInput(typed) }));
        change({ [BASIS_FIELD[field]]: parsePriceInput(formatPriceInput(typed)) ?? 0 });
      }}
      onAmountSlider={(value) => {
        setText((current) => ({ ...current, amount: formatPriceInput(value) }));
        change({ price: value });
      }}
      onTerm={(years) => change({ years })}
      onInterest={(rate) => change({ rate })}
      onFrequency={(frequency: FinanceFrequency) => change({ frequency })}
      onToggleDisclaimer={() => setExpanded((open) => !open)}
    />
  );
}
