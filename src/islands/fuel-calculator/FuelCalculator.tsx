/**
 * The fuel calculator island: weekly fuel cost = distance / 100 x consumption x price (spec 9), worked
 * out again as the shopper types. Inputs may carry '$', ',' and 'kms' (the rule strips them). The
 * server HTML shows the same markup with the spec's defaults and their estimate.
 */
import { useState } from 'react';
import { formatFuelCost, fuelCostFromInputs, yearlyFuelCost } from '../../rules/fuel.ts';
import { formatPrice } from '../../rules/pricing.ts';
import { FuelCalculatorView, type FuelInputs } from './FuelCalculatorView.tsx';

export interface FuelCalculatorProps {
  /** The starting values (the spec's 1.70 a litre, 250 km a week and 10 L/100km). */
  defaults: { pricePerLitre: number; kmPerWeek: number; litresPer100km: number };
}

export default function FuelCalculator({ defaults }: FuelCalculatorProps) {
  const [inputs, setInputs] = useState<FuelInputs>(() => ({
    pricePerLitre: defaults.pricePerLitre.toFixed(2),
    kmPerWeek: String(defaults.kmPerWeek),
    litresPer100km: String(defaults.litresPer100km),
  }));
  const weekly = fuelCostFromInputs(inputs);
  return (
    <FuelCalculatorView
      inputs={inputs}
      weeklyText={weekly === null ? null : formatFuelCost(weekly)}
      yearlyText={weekly === null ? null : formatPrice(yearlyFuelCost(weekly))}
      onInput={(field, value) => setInputs((current) => ({ ...current, [field]: value }))}
    />
  );
}
