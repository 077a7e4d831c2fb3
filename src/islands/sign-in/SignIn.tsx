/**
 * The sign-in page's island (/sign-in?type=&redirect=&back=): asks the server for a code, checks it, and
 * sends the shopper on to `redirect`, only ever a path of this site (`safeRedirect`); `back` is offered
 * under the same rule. A shopper already signed in sees that, with sign-out and their data.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { saveFile } from '../../lib/save-file.ts';
import { safeRedirect } from '../../rules/gating.ts';
import { $session, deleteMyData, exportMyData, loadSession, requestCode, signOut, verifyCode, type SessionContext } from '../../stores/session.ts';
import { signInCopy } from './copy.ts';
import { SignInView, type SignInStep } from './SignInView.tsx';

export interface SignInProps {
  apiBaseUrl: string;
  /** The site's slug, which every runtime API call names. */
  site: string;
}

interface Query {
  type: string | null;
  redirect: string;
  back: string;
}

const DEFAULT_QUERY: Query = { type: null, redirect: '/', back: '/' };

function readQuery(search: string): Query {
  const params = new URLSearchParams(search);
  return { type: params.get('type'), redirect: safeRedirect(params.get('redirect')), back: safeRedirect(params.get('back')) };
}

export default function SignIn({ apiBaseUrl, site }: SignInProps) {
  const session = useStore($session);
  const [query, setQuery] = useState<Query>(DEFAULT_QUERY);
  const [step, setStep] = useState<Exclude<SignInStep, 'signed-in'>>('phone');
  const [phone, setPhone] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const context: SessionContext = { baseUrl: apiBaseUrl, site };

  useEffect(() => {
    setQuery(readQuery(window.location.search));
    void loadSession(context);
  }, []);

  const user = session.status === 'ready' ? session.user : null;
  const shown: SignInStep = user ? 'signed-in' : step;

  // Each new step takes the keyboard to its first field, so a screen reader hears where the shopper is.
  useEffect(() => {
    if (shown === 'code') root.current?.querySelector<HTMLInputElement>('#sign-in-code')?.focus();
  }, [shown]);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };

  const sendCode = (resend: boolean) =>
    run(async () => {
      const number = resend && sentTo ? sentTo : phone.trim();
      const answer = await requestCode(context, number);
      if (!answer.ok) return setError(answer.message);
      setSentTo(number);
      setCode('');
      setStep('code');
      if (resend) setNotice('We sent you a new code.');
    });

  const verify = () =>
    run(async () => {
      const digits = code.replace(/\D/g, '');
      if (digits.length !== 6) return setError('Please enter the six digits from the text message.');
      const answer = await verifyCode(context, sentTo ?? phone.trim(), digits);
      if (!answer.ok) return setError(answer.message);
      if (!answer.data.user) return setError('We could not sign you in just now. Please try again.');
      window.location.assign(query.redirect);
    });

  const leave = () =>
    run(async () => {
      const answer = await signOut(context);
      if (!answer.ok) return setError(answer.message);
      setStep('phone');
      setPhone('');
      setNotice('You have signed out.');
    });

  const downloadData = () =>
    run(async () => {
      const answer = await exportMyData(context);
      if (!answer.ok) return setError(answer.message);
      saveFile(new Blob([JSON.stringify(answer.data, null, 2)], { type: 'application/json' }), `${site}-my-data.json`);
      setNotice('Your data has been downloaded.');
    });

  const deleteData = () =>
    run(async () => {
      const answer = await deleteMyData(context);
      if (!answer.ok) return setError(answer.message);
      setConfirmingDelete(false);
      setStep('phone');
      setPhone('');
      setNotice('Your data has been deleted and you have signed out.');
    });

  return (
    <div ref={root}>
      <SignInView
        step={shown}
        copy={signInCopy(query.type)}
        phone={phone}
        code={code}
        sentTo={user ? user.phone : sentTo}
        error={error}
        notice={notice}
        busy={busy}
        checking={session.status === 'loading'}
        confirmingDelete={confirmingDelete}
        continueHref={query.redirect}
        backHref={query.back}
        onPhoneChange={setPhone}
        onCodeChange={(value) => setCode(value.replace(/\D/g, '').slice(0, 6))}
        onSendCode={() => void sendCode(false)}
        onVerify={() => void verify()}
        onResend={() => void sendCode(true)}
        onChangeNumber={() => {
          setError(null);
          setNotice(null);
          setCode('');
          setStep('phone');
        }}
        onSignOut={() => void leave()}
        onDownload={() => void downloadData()}
        onAskDelete={() => setConfirmingDelete(true)}
        onCancelDelete={() => setConfirmingDelete(false)}
        onConfirmDelete={() => void deleteData()}
      />
    </div>
  );
}
