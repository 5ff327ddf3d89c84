import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';

/** A modal confirmation on the browser's own <dialog> (focus kept inside, Escape cancels). */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (props.open && !dialog.open) dialog.showModal();
    if (!props.open && dialog.open) dialog.close();
  }, [props.open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby="confirm-dialog-title"
      aria-describedby="confirm-dialog-message"
      onCancel={(event) => {
        event.preventDefault();
        props.onCancel();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-line bg-surface p-6 text-ink backdrop:bg-black/70"
    >
      <h2 id="confirm-dialog-title" className="text-lg font-semibold">
        {props.title}
      </h2>
      <p id="confirm-dialog-message" className="mt-3 break-words text-muted">
        {props.message}
      </p>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={props.onCancel} disabled={props.busy}>
          {props.cancelLabel}
        </Button>
        <Button variant="danger" onClick={props.onConfirm} disabled={props.busy}>
          {props.confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
