import { Copy, Download, Share2 } from 'lucide-react';
import { useState } from 'react';
import { useAuth } from '../../../auth/auth-provider';
import { Button } from '../../../components/ui/button';
import { errorToast, toast } from '../../../toast/toast-store';
import { RECORDING_VIEW } from '../constants';
import { recordShare } from '../data/shares';

export interface ShareContent {
  recordingId: string;
  gifUrl: string;
  caption: string;
  /** The recording view's address: what the caption links to. */
  pageUrl: string;
  fileName: string;
}

async function fetchGif(url: string, fileName: string): Promise<File> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${response.status}: ${response.statusText} for ${url}`);
  return new File([await response.blob()], fileName, { type: 'image/gif' });
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** 'Share Your Achievement' (spec 02 §2): the GIF with Download, Share (the system share sheet,
 * falling back to the clipboard) and Copy. Each completed share counts one (the database adds
 * exactly one), so the Shares count rises for everyone. */
export function ShareAchievement(props: {
  content: ShareContent;
  shareCount: number;
  onShared: (shareCount: number) => void;
}) {
  const { supabase } = useAuth();
  const { content } = props;
  const [busy, setBusy] = useState(false);

  const counted = async () => {
    try {
      props.onShared(await recordShare(supabase, content.recordingId));
    } catch (error) {
      // The share itself happened; only the counter missed it.
      console.error('Counting the share failed', error);
    }
  };

  const copy = async (): Promise<boolean> => {
    try {
      await navigator.clipboard.writeText(`${content.caption} ${content.pageUrl}`);
      toast({ title: RECORDING_VIEW.copiedTitle, description: RECORDING_VIEW.copiedText });
      return true;
    } catch (error) {
      console.error('Copying failed', error);
      errorToast(RECORDING_VIEW.copyFailedText, RECORDING_VIEW.copyFailedTitle);
      return false;
    }
  };

  const run = (action: () => Promise<boolean>) => async () => {
    setBusy(true);
    try {
      if (await action()) await counted();
    } finally {
      setBusy(false);
    }
  };

  const download = async () => {
    try {
      const file = await fetchGif(content.gifUrl, content.fileName);
      const url = URL.createObjectURL(file);
      const link = document.createElement('a');
      link.href = url;
      link.download = content.fileName;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 0);
      return true;
    } catch (error) {
      console.error('Downloading the GIF failed', error);
      errorToast(RECORDING_VIEW.downloadFailed);
      return false;
    }
  };

  const share = async () => {
    if (!navigator.share) return copy();
    try {
      const file = await fetchGif(content.gifUrl, content.fileName).catch(() => null);
      const withFile = { files: file ? [file] : [], text: content.caption, url: content.pageUrl };
      await navigator.share(
        file && navigator.canShare?.(withFile)
          ? withFile
          : { text: content.caption, url: content.pageUrl },
      );
      return true;
    } catch (error) {
      if (isAbort(error)) return false;
      console.error('Sharing failed', error);
      errorToast(RECORDING_VIEW.shareFailedText, RECORDING_VIEW.shareFailedTitle);
      return false;
    }
  };

  return (
    <section
      aria-labelledby="share-title"
      data-testid="share-achievement"
      className="mt-6 rounded-xl border border-line bg-surface p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="share-title" className="font-display text-xl font-semibold">
          {RECORDING_VIEW.shareTitle}
        </h2>
        <p className="text-sm text-muted" data-testid="share-count">
          {RECORDING_VIEW.shares(props.shareCount)}
        </p>
      </div>
      <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-start">
        <img
          src={content.gifUrl}
          alt="Animated GIF of the attempt"
          className="w-full max-w-xs rounded-lg border border-line bg-surface-raised"
        />
        <div className="flex-1">
          <p className="rounded-lg bg-page p-3 text-sm" data-testid="share-caption">
            {content.caption}
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            <Button variant="secondary" disabled={busy} onClick={run(download)}>
              <Download aria-hidden="true" className="size-4" />
              {RECORDING_VIEW.downloadGif}
            </Button>
            <Button variant="primary" disabled={busy} onClick={run(share)}>
              <Share2 aria-hidden="true" className="size-4" />
              {RECORDING_VIEW.share}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={run(copy)}>
              <Copy aria-hidden="true" className="size-4" />
              {RECORDING_VIEW.copy}
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
