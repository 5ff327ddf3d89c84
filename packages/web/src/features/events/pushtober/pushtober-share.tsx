import { Share2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { errorToast, toast } from '../../../toast/toast-store';
import { PUSHTOBER } from '../constants';

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** Share: the system share sheet with the Pushtober link, or the clipboard where there is none
 * (spec 02 §7 "share function (falls back to clipboard)"). */
export function PushtoberShare() {
  const share = async () => {
    const url = `${window.location.origin}/pushtober`;
    if (navigator.share) {
      try {
        await navigator.share({ title: 'Pushtober', text: PUSHTOBER.shareText, url });
      } catch (error) {
        if (isAbort(error)) return;
        console.error('Sharing failed', error);
        errorToast(PUSHTOBER.shareFailed, PUSHTOBER.shareFailedTitle);
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: PUSHTOBER.linkCopiedTitle, description: PUSHTOBER.linkCopied });
    } catch (error) {
      console.error('Copying the link failed', error);
      errorToast(PUSHTOBER.copyFailed);
    }
  };
  return (
    <Button variant="ghost" size="lg" onClick={() => void share()}>
      <Share2 aria-hidden="true" className="size-5" />
      {PUSHTOBER.share}
    </Button>
  );
}
