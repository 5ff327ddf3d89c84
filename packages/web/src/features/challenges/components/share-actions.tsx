import { QrCode, Share2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { errorToast, toast } from '../../../toast/toast-store';
import { DETAIL, QR_CODE_MARGIN, QR_CODE_SIZE_PX } from '../messages';

/** The link people share: the challenge's detail page (spec 02 §7). */
export function challengeShareUrl(origin: string, slug: string): string {
  return `${origin}/challenge/${encodeURIComponent(slug)}`;
}

async function copyLink(url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: DETAIL.linkCopiedTitle, description: DETAIL.linkCopied });
  } catch (error) {
    console.error('Copying the challenge link failed', error);
    errorToast(DETAIL.copyFailed, DETAIL.copyFailedTitle);
  }
}

/** Share with the Web Share API where the browser has it, else copy the link (spec 02 §2, §8). */
async function shareLink(title: string, url: string): Promise<void> {
  if (typeof navigator.share !== 'function') {
    await copyLink(url);
    return;
  }
  try {
    await navigator.share({ title, text: `Join me in ${title}`, url });
  } catch (error) {
    // Closing the share sheet is a choice, not a failure.
    if (error instanceof DOMException && error.name === 'AbortError') return;
    console.error('Sharing the challenge failed', error);
    errorToast(DETAIL.shareFailed, DETAIL.shareFailedTitle);
  }
}

function QrImage(props: { url: string }) {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((qrcode) =>
        qrcode.toDataURL(props.url, { width: QR_CODE_SIZE_PX, margin: QR_CODE_MARGIN }),
      )
      .then(
        (dataUrl) => {
          if (live) setImage(dataUrl);
        },
        // Spec 02 §8: a QR generation failure is only logged.
        (error: unknown) => console.error('Making the QR code failed', error),
      );
    return () => {
      live = false;
    };
  }, [props.url]);
  return (
    <figure className="flex flex-col items-center gap-3">
      <div
        className="flex items-center justify-center rounded-lg bg-white"
        style={{ width: QR_CODE_SIZE_PX, height: QR_CODE_SIZE_PX }}
      >
        {image ? (
          <img
            src={image}
            width={QR_CODE_SIZE_PX}
            height={QR_CODE_SIZE_PX}
            alt={`QR code for ${props.url}`}
            data-testid="challenge-qr"
          />
        ) : null}
      </div>
      <figcaption className="text-sm text-muted">{DETAIL.qrCaption}</figcaption>
    </figure>
  );
}

export function ShareActions(props: { name: string; slug: string }) {
  const [qrOpen, setQrOpen] = useState(false);
  const url = challengeShareUrl(window.location.origin, props.slug);
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" size="md" onClick={() => void shareLink(props.name, url)}>
        <Share2 aria-hidden="true" className="size-4" />
        {DETAIL.share}
      </Button>
      <Button variant="secondary" size="md" onClick={() => setQrOpen(true)}>
        <QrCode aria-hidden="true" className="size-4" />
        {DETAIL.qrCode}
      </Button>
      <ModalDialog open={qrOpen} onClose={() => setQrOpen(false)} title={props.name} width="sm">
        <QrImage url={url} />
        <p className="mt-4 text-center font-mono text-xs break-all text-muted">{url}</p>
      </ModalDialog>
    </div>
  );
}
