/**
 * The delivery calculator island (sites with `features.deliveryCalculator`): a postcode to the price
 * and region of the site's delivery table, which the page carries, so no call to a server is made.
 * An empty box gets 'Please enter a postcode.', a postcode outside the table the spec's no-estimate
 * message.
 */
import { useState, type FormEvent } from 'react';
import { deliveryAnswer, type DeliveryRegionRanges } from '../../rules/delivery.ts';
import { DeliveryCalculatorView, type DeliveryShown } from './DeliveryCalculatorView.tsx';

export interface DeliveryCalculatorProps {
  regions: DeliveryRegionRanges[];
  rows: Array<{ name: string; priceText: string; postcodesText: string }>;
}

export default function DeliveryCalculator({ regions, rows }: DeliveryCalculatorProps) {
  const [postcode, setPostcode] = useState('');
  const [answer, setAnswer] = useState<DeliveryShown | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const outcome = deliveryAnswer(postcode, regions);
    setAnswer(outcome.kind === 'estimate' ? { kind: 'estimate', priceText: outcome.priceText, region: outcome.region } : outcome);
  };
  return (
    <DeliveryCalculatorView
      postcode={postcode}
      answer={answer}
      rows={rows}
      onPostcode={(value) => {
        setPostcode(value);
        // An answer belongs to the postcode it was given for.
        setAnswer(null);
      }}
      onSubmit={submit}
    />
  );
}
