/**
 * The sign-in page's body: the mobile-number step, the six-digit code step (resend, change number), and,
 * for a shopper already signed in, Continue, Sign out, Download my data and Delete my data (with a confirm
 * step). Errors are the server's sentences, announced. Pure view: props in, markup out.
 */
import type { FormEvent } from 'react';
import type { SignInCopy } from './copy.ts';

export type SignInStep = 'phone' | 'code' | 'signed-in';

export interface SignInViewProps {
  step: SignInStep;
  copy: SignInCopy;
  phone: string;
  code: string;
  /** The phone the session is for (signed in) or the code was sent to (code step). */
  sentTo: string | null;
  error: string | null;
  notice: string | null;
  busy: boolean;
  /** True until the page knows whether the shopper is signed in: the buttons wait. */
  checking: boolean;
  confirmingDelete: boolean;
  continueHref: string;
  backHref: string;
  onPhoneChange: (value: string) => void;
  onCodeChange: (value: string) => void;
  onSendCode: () => void;
  onVerify: () => void;
  onResend: () => void;
  onChangeNumber: () => void;
  onSignOut: () => void;
  onDownload: () => void;
  onAskDelete: () => void;
  onCancelDelete: () => void;
  onConfirmDelete: () => void;
}

const field = 'mt-1 block min-h-11 w-full rounded border border-slate-400 bg-white px-3 py-2';
const primary = 'inline-flex min-h-11 items-center justify-center rounded bg-brand px-6 font-semibold text-on-brand disabled:opacity-60';
const secondary = 'inline-flex min-h-11 items-center justify-center rounded border border-slate-400 bg-white px-5 font-semibold hover:border-brand disabled:opacity-60';
const linkButton = 'min-h-11 font-semibold text-brand underline disabled:opacity-60';

function submit(handler: () => void) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    handler();
  };
}

function Messages({ error, notice }: { error: string | null; notice: string | null }) {
  return (
    <>
      <div role="alert" className="empty:hidden">
        {error && (
          <p className="rounded border border-red-300 bg-red-50 p-3 text-red-950" data-sign-in-error>
            {error}
          </p>
        )}
      </div>
      <div role="status" className="empty:hidden">
        {notice && <p className="rounded border border-emerald-300 bg-emerald-50 p-3 text-emerald-950">{notice}</p>}
      </div>
    </>
  );
}

export function SignInView(props: SignInViewProps) {
  const { step, copy } = props;
  return (
    <div data-sign-in-step={step}>
      {/* The static page cannot read ?type, so it is built with the general wording and the island swaps in the
          type's own once it runs: room for the longest heading and reason keeps the form below from moving. */}
      <h1 className="min-h-[2lh] text-3xl font-bold tracking-tight">{step === 'signed-in' ? 'You are signed in' : copy.heading}</h1>
      {step === 'phone' && (
        <>
          <p className="mt-3 min-h-[3lh] text-slate-800">{copy.reason}</p>
          <form onSubmit={submit(props.onSendCode)} className="mt-6 space-y-4 rounded-lg border border-slate-200 bg-slate-50 p-5">
            <Messages error={props.error} notice={props.notice} />
            <div>
              <label htmlFor="sign-in-phone" className="block font-semibold">
                Mobile number
              </label>
              <input
                id="sign-in-phone"
                name="phone"
                type="tel"
                autoComplete="tel"
                inputMode="tel"
                required
                value={props.phone}
                onChange={(event) => props.onPhoneChange(event.target.value)}
                aria-describedby="sign-in-phone-hint"
                className={field}
              />
              <p id="sign-in-phone-hint" className="mt-1 text-sm text-slate-700">
                We will text a six-digit code to this number.
              </p>
            </div>
            <button type="submit" className={primary} disabled={props.busy || props.checking}>
              {props.busy ? 'Sending…' : 'Send me a code'}
            </button>
          </form>
        </>
      )}
      {step === 'code' && (
        <>
          <p className="mt-3 text-slate-800">
            We sent a six-digit code to <strong>{props.sentTo}</strong>. It is good for 10 minutes.
          </p>
          <form onSubmit={submit(props.onVerify)} className="mt-6 space-y-4 rounded-lg border border-slate-200 bg-slate-50 p-5">
            <Messages error={props.error} notice={props.notice} />
            <div>
              <label htmlFor="sign-in-code" className="block font-semibold">
                Code
              </label>
              <input
                id="sign-in-code"
                name="code"
                type="text"
                autoComplete="one-time-code"
                inputMode="numeric"
                pattern="[0-9]{6}"
                maxLength={6}
                required
                value={props.code}
                onChange={(event) => props.onCodeChange(event.target.value)}
                aria-invalid={props.error ? true : undefined}
                aria-describedby="sign-in-code-hint"
                className={`${field} max-w-48 text-lg tracking-widest`}
              />
              <p id="sign-in-code-hint" className="mt-1 text-sm text-slate-700">
                Six digits, from the text message.
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
              <button type="submit" className={primary} disabled={props.busy}>
                {props.busy ? 'Checking…' : 'Sign in'}
              </button>
              <button type="button" className={linkButton} onClick={props.onResend} disabled={props.busy}>
                Send a new code
              </button>
              <button type="button" className={linkButton} onClick={props.onChangeNumber} disabled={props.busy}>
                Change number
              </button>
            </div>
          </form>
        </>
      )}
      {step === 'signed-in' && (
        <div className="mt-4 space-y-6">
          <Messages error={props.error} notice={props.notice} />
          <p className="text-slate-800">
            You are signed in with <strong>{props.sentTo}</strong>.
          </p>
          <div className="flex flex-wrap gap-3">
            <a className={primary} href={props.continueHref}>
              Continue
            </a>
            <button type="button" className={secondary} onClick={props.onSignOut} disabled={props.busy}>
              Sign out
            </button>
          </div>
          <section aria-labelledby="my-data-heading" className="rounded-lg border border-slate-200 bg-slate-50 p-5">
            <h2 id="my-data-heading" className="text-lg font-bold">
              Your data
            </h2>
            <p className="mt-2 text-slate-800">We keep your mobile number and the cars on your watchlist. You can download a copy or delete it all.</p>
            <div className="mt-4 flex flex-wrap gap-3">
              <button type="button" className={secondary} onClick={props.onDownload} disabled={props.busy}>
                Download my data
              </button>
              {!props.confirmingDelete && (
                <button type="button" className={secondary} onClick={props.onAskDelete} disabled={props.busy}>
                  Delete my data
                </button>
              )}
            </div>
            {props.confirmingDelete && (
              <div className="mt-4 rounded border border-red-300 bg-white p-4" role="group" aria-labelledby="delete-confirm-text">
                <p id="delete-confirm-text" className="text-slate-900">
                  This deletes your number, your watchlist and your sign-in from this site, and signs you out. It cannot be undone.
                </p>
                <div className="mt-3 flex flex-wrap gap-3">
                  <button type="button" className="inline-flex min-h-11 items-center rounded bg-red-800 px-5 font-semibold text-white disabled:opacity-60" onClick={props.onConfirmDelete} disabled={props.busy}>
                    Yes, delete my data
                  </button>
                  <button type="button" className={secondary} onClick={props.onCancelDelete} disabled={props.busy}>
                    Keep my data
                  </button>
                </div>
              </div>
            )}
          </section>
        </div>
      )}
      <p className="mt-8">
        <a className="font-semibold text-brand underline" href={props.backHref}>
          Go back
        </a>
      </p>
    </div>
  );
}
