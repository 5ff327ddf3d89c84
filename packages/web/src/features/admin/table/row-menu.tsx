import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { BarChart3, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { TABLE } from '../constants';

const ITEM =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-ink outline-none data-[highlighted]:bg-surface-raised';

/** Edit, Analytics, Delete (spec 02 §2). Delete asks first (the page's dialog). */
export function RowMenu(props: {
  challengeId: string;
  challengeName: string;
  onDelete: () => void;
}) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`Actions for ${props.challengeName}`}
        className="inline-flex size-9 items-center justify-center rounded-md border border-line text-ink hover:border-gold/60"
      >
        <MoreHorizontal aria-hidden="true" className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-40 rounded-lg border border-line bg-surface p-1 shadow-2xl"
        >
          <DropdownMenu.Item asChild className={ITEM}>
            <Link to={`/admin/challenges/edit/${props.challengeId}`}>
              <Pencil aria-hidden="true" className="size-4 text-gold" />
              {TABLE.edit}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={ITEM}>
            <Link to={`/admin/analytics/${props.challengeId}`}>
              <BarChart3 aria-hidden="true" className="size-4 text-gold" />
              {TABLE.analytics}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item className={`${ITEM} text-danger`} onSelect={props.onDelete}>
            <Trash2 aria-hidden="true" className="size-4" />
            {TABLE.delete}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
