/**
 * What the sign-in page says for each reason a shopper is asked to sign in (`?type=`, rules/gating.ts and
 * the watchlist's `type=watchlist`): a heading and one line on why. Browser-safe.
 */
export interface SignInCopy {
  heading: string;
  reason: string;
}

const COPY: Record<string, SignInCopy> = {
  'trade-in': { heading: 'Sign in to value your car', reason: 'Sign in with your mobile number to get a trade-in valuation you can come back to.' },
  checkout: { heading: 'Sign in to reserve this car', reason: 'Sign in with your mobile number to reserve or buy this car online.' },
  finance: { heading: 'Sign in to see your finance', reason: 'Sign in with your mobile number to see finance worked out for you on this car.' },
  'spin-to-win': { heading: 'Sign in to spin to win', reason: 'Sign in with your mobile number to take your spin.' },
  'online-payment': { heading: 'Sign in to make a payment', reason: 'Sign in with your mobile number to pay online.' },
  'car-finance': { heading: 'Sign in to apply for finance', reason: 'Sign in with your mobile number to check your finance options.' },
  'my-garage': { heading: 'Sign in to your garage', reason: 'Sign in with your mobile number to see your cars, valuations, service bookings and enquiries.' },
  watchlist: { heading: 'Sign in to save cars to your watchlist', reason: 'Sign in with your mobile number to keep a watchlist that follows you to any device.' },
};

const GENERAL: SignInCopy = {
  heading: 'Sign in',
  reason: 'Sign in with your mobile number to keep a watchlist, reserve a car online, get a valuation and see your garage.',
};

/** The heading and reason for a sign-in type; any other value gets the general wording. */
export function signInCopy(type: string | null | undefined): SignInCopy {
  return (type && Object.hasOwn(COPY, type) ? COPY[type] : undefined) ?? GENERAL;
}
