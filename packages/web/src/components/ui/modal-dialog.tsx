import { X } from 'lucide-react';
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { cn } from '../../lib/cn';

/** How wide a dialog may grow (cn() does not resolve two max-w classes, so it is a prop). */
const WIDTHS = {
  sm: 'max-w-sm',
  md: 'max-w-lg',
  lg: 'max-w-2xl',
  xl: 'max-w-3xl',
} as const;

/** Where a DialogFooter inside the dialog puts its actions. */
const FooterSlot = createContext<HTMLElement | null>(null);

/**
 * A modal dialog on the browser's own <dialog> (focus kept inside, Escape closes, the page behind
 * is inert). `onClose` runs for Escape, the close button and a click on the backdrop. Its content
 * scrolls; a DialogFooter's actions stay in view under it.
 */
export function ModalDialog(props: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  width?: keyof typeof WIDTHS;
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [footer, setFooter] = useState<HTMLDivElement | null>(null);
  const { open, onClose } = props;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // Escape. The dialog's cancel event is not enough: Chromium fires no cancel for a second Escape
  // without a user activation in between, and none at all while a media element or a number input
  // inside has the focus and keeps the key; the keydown always reaches the dialog.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      onClose();
    };
    dialog.addEventListener('keydown', onKeyDown);
    return () => dialog.removeEventListener('keydown', onKeyDown);
  }, [open, onClose]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a backdrop click mirrors Escape, handled above
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
      className={cn(
        'm-auto w-[calc(100%-2rem)] rounded-xl border border-line bg-surface p-0 text-ink shadow-2xl backdrop:bg-black/70',
        WIDTHS[props.width ?? 'md'],
        props.className,
      )}
    >
      {open ? (
        <div className="flex max-h-[85svh] flex-col">
          <div className="min-h-0 flex-1 overflow-y-auto p-6">
            <div className="mb-4 flex items-start justify-between gap-4">
              <h2 id={titleId} className="font-display text-xl font-semibold">
                {props.title}
              </h2>
              <button
                type="button"
                aria-label="Close"
                onClick={onClose}
                className="rounded p-1 text-muted hover:text-ink"
              >
                <X aria-hidden="true" className="size-5" />
              </button>
            </div>
            <FooterSlot.Provider value={footer}>{props.children}</FooterSlot.Provider>
          </div>
          <div ref={setFooter} className="empty:hidden border-t border-line px-6 py-4" />
        </div>
      ) : null}
    </dialog>
  );
}

/** A dialog's actions, kept in view under the dialog's scrolling content (a tall step on an
 * 800 px high screen must not push Back and Continue out of sight). */
export function DialogFooter(props: { children: ReactNode; className?: string }) {
  const slot = useContext(FooterSlot);
  if (!slot) return null;
  return createPortal(
    <div className={cn('flex flex-wrap items-center justify-between gap-3', props.className)}>
      {props.children}
    </div>,
    slot,
  );
}
