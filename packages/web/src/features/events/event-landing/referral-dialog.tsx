import { Check, Copy, Link2 } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { errorToast } from '../../../toast/toast-store';
import { COPY_CONFIRMATION_MS, EVENT } from '../constants';
import { canGenerateReferralLink, referralLink } from '../event-rules';

/** The referral-link dialog (spec 02 §2, §5, §9): an e-mail, Generate Link (disabled while the
 * e-mail is empty), the link and Copy, which confirms for 3000 ms. */
export function ReferralDialog(props: { hash: string }) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [link, setLink] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const emailId = useId();
  const linkId = useId();

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const generate = (event: FormEvent) => {
    event.preventDefault();
    if (!canGenerateReferralLink(email)) return;
    setLink(referralLink(window.location.origin, props.hash, email));
    setCopied(false);
  };

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch (error) {
      console.error('Copying the referral link failed', error);
      errorToast(EVENT.copyFailed, EVENT.copyFailedTitle);
    }
  };

  return (
    <>
      <Button variant="outline" size="lg" onClick={() => setOpen(true)}>
        <Link2 aria-hidden="true" className="size-5" />
        {EVENT.referralOpen}
      </Button>
      <ModalDialog open={open} onClose={() => setOpen(false)} title={EVENT.referralTitle}>
        <p className="text-sm text-muted">{EVENT.referralIntro}</p>
        <form onSubmit={generate} className="mt-4 grid gap-3">
          <Field id={emailId} label={EVENT.referralEmail}>
            <Input
              id={emailId}
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setLink(null);
              }}
            />
          </Field>
          <Button type="submit" disabled={!canGenerateReferralLink(email)}>
            {EVENT.generateLink}
          </Button>
        </form>
        {link ? (
          <div className="mt-4 grid gap-2">
            <label htmlFor={linkId} className="text-sm font-medium">
              Your link
            </label>
            <div className="flex gap-2">
              <Input id={linkId} readOnly value={link} onFocus={(event) => event.target.select()} />
              <Button variant="secondary" onClick={() => void copy()} aria-live="polite">
                {copied ? (
                  <Check aria-hidden="true" className="size-4" />
                ) : (
                  <Copy aria-hidden="true" className="size-4" />
                )}
                {copied ? EVENT.copied : EVENT.copy}
              </Button>
            </div>
          </div>
        ) : null}
      </ModalDialog>
    </>
  );
}
