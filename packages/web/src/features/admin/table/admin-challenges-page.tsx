import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, PlusCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../../auth/auth-provider';
import { Button, buttonClasses } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { PRODUCT_NAME } from '../../../constants/messages';
import { VERIFICATION } from '../../verification/messages';
import { adminFailure, adminSuccess, causeOf } from '../components/admin-toasts';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ADMIN_TOASTS, type ChallengeFlag, FLAG_LABELS, FLAG_TOASTS, TABLE } from '../constants';
import { deleteChallenge, setChallengeFlag } from '../data/admin-challenges';
import { ChallengeGoneError } from '../data/errors';
import { adminKeys, adminQueries } from '../data/queries';
import type { AdminChallengeListItem } from '../data/types';
import { ChallengeCards, ChallengeTable } from './challenge-list-views';
import { FlagSwitch } from './flag-switch';

/** The accessible name of each flag's switch. */
const FLAG_SWITCH_NAMES: Record<ChallengeFlag, string> = {
  is_active: 'Active',
  is_hidden: 'Hidden',
  is_daily: 'Daily',
  hide_results_until_finished: 'Hide results',
};

interface FlagChange {
  challenge: AdminChallengeListItem;
  flag: ChallengeFlag;
  value: boolean;
}

/** The admin challenge table (spec 02 §2): ten columns, the four flags toggled in the row with
 * their toasts, and the row menu (Edit, Analytics, Delete after confirmation). */
export function AdminChallengesPage() {
  const { supabase } = useAuth();
  const queryClient = useQueryClient();
  const [toDelete, setToDelete] = useState<AdminChallengeListItem | null>(null);
  const [flaggedFilter, setFlaggedFilter] = useState(false);
  const query = useQuery(adminQueries.challenges(supabase));

  useEffect(() => {
    document.title = `${TABLE.title} · ${PRODUCT_NAME}`;
  }, []);
  useEffect(() => {
    if (query.error) {
      console.error('Loading the admin challenge list failed', query.error);
      adminFailure(ADMIN_TOASTS.loadChallengesFailed, causeOf(query.error));
    }
  }, [query.error]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.all });

  const flagMutation = useMutation({
    mutationFn: (change: FlagChange) =>
      setChallengeFlag(supabase, change.challenge.id, change.flag, change.value),
    onSuccess: (_result, change) => {
      queryClient.setQueryData<AdminChallengeListItem[]>(adminKeys.challenges(), (rows) =>
        rows?.map((row) =>
          row.id === change.challenge.id ? { ...row, [change.flag]: change.value } : row,
        ),
      );
      adminSuccess(FLAG_TOASTS[change.flag].success(change.value));
      void refresh();
    },
    onError: (error, change) => {
      console.error(`Updating ${change.flag} failed`, error);
      adminFailure(
        FLAG_TOASTS[change.flag].failure,
        error instanceof ChallengeGoneError ? ADMIN_TOASTS.goneMeanwhile : causeOf(error),
      );
      void refresh();
    },
  });

  const deleteMutation = useMutation({
    mutationFn: (challenge: AdminChallengeListItem) => deleteChallenge(supabase, challenge.id),
    onSuccess: () => {
      adminSuccess(ADMIN_TOASTS.deleted);
      setToDelete(null);
      void refresh();
    },
    onError: (error) => {
      console.error('Deleting the challenge failed', error);
      adminFailure(
        ADMIN_TOASTS.deleteFailed,
        error instanceof ChallengeGoneError ? ADMIN_TOASTS.goneMeanwhile : causeOf(error),
      );
      setToDelete(null);
      void refresh();
    },
  });

  const busyKey = flagMutation.isPending
    ? `${flagMutation.variables?.challenge.id}:${flagMutation.variables?.flag}`
    : null;
  const flagSwitch = (challenge: AdminChallengeListItem, flag: ChallengeFlag) => {
    const value = challenge[flag];
    return (
      <FlagSwitch
        name={FLAG_SWITCH_NAMES[flag]}
        checked={value}
        stateLabel={value ? FLAG_LABELS[flag].on : FLAG_LABELS[flag].off}
        busy={busyKey === `${challenge.id}:${flag}`}
        onToggle={() => flagMutation.mutate({ challenge, flag, value: !value })}
      />
    );
  };

  const now = new Date();
  // Admins look for recordings whose verified count is far from the claim (issue 18).
  const rows = flaggedFilter
    ? (query.data ?? []).filter((challenge) => challenge.flagged_count > 0)
    : (query.data ?? []);

  return (
    <div className="mx-auto max-w-[90rem] px-4 py-10 sm:px-6 sm:py-14">
      <Link
        to="/admin"
        className="inline-flex items-center gap-2 text-sm text-muted hover:text-ink"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Admin
      </Link>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <h1 className="font-display text-3xl font-semibold">{TABLE.title}</h1>
        <label className="ml-auto flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={flaggedFilter}
            onChange={(event) => setFlaggedFilter(event.target.checked)}
          />
          {VERIFICATION.flaggedOnly}
        </label>
        <Link to="/admin/challenges/create" className={buttonClasses('primary', 'sm')}>
          <PlusCircle aria-hidden="true" className="size-4" />
          {TABLE.create}
        </Link>
      </div>

      {query.isPending ? (
        <PageSpinner />
      ) : query.isError ? (
        <div role="alert" className="mt-8 rounded-xl border border-danger/50 bg-danger-deep/30 p-6">
          <p>{ADMIN_TOASTS.loadChallengesFailed}</p>
          <Button variant="secondary" className="mt-4" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : query.data.length === 0 ? (
        <p className="mt-8 rounded-xl border border-line bg-surface p-8 text-center text-muted">
          {TABLE.empty}
        </p>
      ) : (
        <div className="mt-8">
          {/* Phones get cards, wider screens the table; both hold the same controls. */}
          <div className="md:hidden">
            <ChallengeCards rows={rows} now={now} flagSwitch={flagSwitch} onDelete={setToDelete} />
          </div>
          <div className="hidden md:block">
            <ChallengeTable rows={rows} now={now} flagSwitch={flagSwitch} onDelete={setToDelete} />
          </div>
        </div>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        title={TABLE.deleteTitle}
        message={toDelete ? TABLE.deleteConfirm(toDelete.name) : ''}
        confirmLabel={TABLE.delete}
        cancelLabel={TABLE.cancel}
        busy={deleteMutation.isPending}
        onConfirm={() => toDelete && deleteMutation.mutate(toDelete)}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}
